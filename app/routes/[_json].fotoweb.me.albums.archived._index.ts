import type { LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/me/albums/archived/ as a CollectionList: the viewer's archived albums; q searches. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "archived"),
);

export const action = methodNotAllowed;
