import type { LoaderFunctionArgs } from "@remix-run/node";
import { destinationListResponse } from "~/http/collection/collection-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/* GET /fotoweb/me/move-to/ (the descriptor's move_to): where the viewer may move assets. */
export function loader(args: LoaderFunctionArgs) {
  return apiHandler(async ({ request }: LoaderFunctionArgs) =>
    destinationListResponse(await requireViewer(request), "MoveTo"),
  )(args);
}

export const action = methodNotAllowed;
