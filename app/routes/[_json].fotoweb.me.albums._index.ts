import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { albumListResponse, createAlbumResponse } from "~/http/album/album-list.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * The descriptor's albums link: GET every current album the viewer may open (q searches name and
 * description), POST {name, description} to create one (201, Location: the album's href).
 */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  albumListResponse(request, "all"),
);

export const allowedMethods = ["GET", "HEAD", "POST"];

export const action = apiHandler(async (args: ActionFunctionArgs) =>
  args.request.method === "POST" ? createAlbumResponse(args.request) : methodNotAllowed(args),
);
