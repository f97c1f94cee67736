import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ASSET_NOT_FOUND, findAssetBySegments } from "~/models/asset/asset-details.server";
import { patchAsset } from "~/http/asset/asset-update.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/* An asset's URL as JSON: the asset representation (reference "Asset"); PATCH edits its metadata. */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request, { browsing: true });
  const found = await findAssetBySegments(viewer, params.archive, params.asset);
  if (!found) return apiError(request, 404, ASSET_NOT_FOUND);
  return apiJson(found.view, "application/vnd.fotoware.asset+json");
});

export const allowedMethods = ["GET", "HEAD", "PATCH"];

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  return patchAsset(args.request, args.params);
});
