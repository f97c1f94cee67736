import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectionListResponse } from "~/http/collection/collection-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/* GET /fotoweb/me/archives/: the archives of the signed-in user (the guest included); 401 without. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  collectionListResponse(request, await requireViewer(request)),
);

export const action = methodNotAllowed;
