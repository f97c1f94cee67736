import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectionListResponse } from "~/http/collection/collection-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * GET /fotoweb/archives/ as JSON: the archives the browsing viewer may View (anonymous visitors
 * browse as the guest while guests are allowed; with guests turned off they are asked to sign
 * in, as the public descriptor then offers no archives). With q, each has its assetCount and
 * archives without a match are left out.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  collectionListResponse(request, await requireViewer(request, { browsing: true })),
);

export const action = methodNotAllowed;
