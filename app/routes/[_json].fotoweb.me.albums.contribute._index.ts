import type { LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/me/albums/contribute/ as a CollectionList: the current albums the viewer may add to (own, or shared to contribute); q searches. */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "contribute"),
);

export const action = methodNotAllowed;
