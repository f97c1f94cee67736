import type { LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/me/albums/deleted/ as a CollectionList: the albums in the viewer's bin; q searches. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "deleted"),
);

export const action = methodNotAllowed;
