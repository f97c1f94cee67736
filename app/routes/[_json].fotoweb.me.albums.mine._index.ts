import type { LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/me/albums/mine/ as a CollectionList: the albums the viewer owns (current ones); q searches. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "own"),
);

export const action = methodNotAllowed;
