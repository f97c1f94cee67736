import type { LoaderFunctionArgs } from "@remix-run/node";
import { collectionListResponse } from "~/http/collection/collection-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * GET /fotoweb/search/?q=… as JSON (the descriptor's services.search): the search in every
 * archive the viewer sees, answered as the searchURL answers it: the archives with a match,
 * each with its assetCount.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  collectionListResponse(request, await requireViewer(request, { browsing: true })),
);

export const action = methodNotAllowed;
