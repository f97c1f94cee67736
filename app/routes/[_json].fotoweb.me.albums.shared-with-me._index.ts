import type { LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/me/albums/shared-with-me/ as a CollectionList: the current albums shared with the viewer; q searches. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "shared"),
);

export const action = methodNotAllowed;
