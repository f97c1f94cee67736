import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectionListResponse } from "~/http/actions/collection-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { getBrowsingViewer } from "~/http/session.server";

/*
 * GET /fotoweb/archives/ as JSON: the archives the browsing viewer may View (anonymous visitors
 * browse as the guest while guests are allowed). With q, each has its assetCount and archives
 * without a match are left out.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  collectionListResponse(request, await getBrowsingViewer(request)),
);

export const action = methodNotAllowed;
