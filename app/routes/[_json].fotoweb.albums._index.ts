import type { LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * GET /fotoweb/albums/ as JSON: the public albums (decision 052), those marked for the home page
 * by an owner holding albums.showOnHomepage, among the albums the viewer may open anyway.
 */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "public"),
);

export const action = methodNotAllowed;
