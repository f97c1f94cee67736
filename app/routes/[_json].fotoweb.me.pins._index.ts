import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  API_PAGE_SIZE,
  ASSETLIST_TYPE,
  pinsPage,
} from "~/models/collection/collection-page.server";
import { collectionErrorResponse } from "~/http/collection/collection-api.server";
import { pinRequest } from "~/http/pin/pin-api.server";
import { addPins, removePins } from "~/models/pin/pin.server";
import { accountDecision } from "~/models/access/access.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * The pins link of the descriptor as JSON: GET the pinned assets (assetlist+json, paged), POST an
 * asset link list to pin, PATCH {assets: {delete: [href]}} to unpin (spec 000 §7).
 */

async function requirePinner(request: Request) {
  const decision = accountDecision(await requireViewer(request), "Pins");
  if (!decision.allowed) throw decision.problem;
  return decision.value;
}

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await requirePinner(request);
  try {
    const page = await pinsPage(viewer, new URL(request.url), API_PAGE_SIZE);
    return apiJson({ data: page.assets, paging: page.paging }, ASSETLIST_TYPE);
  } catch (error) {
    return await collectionErrorResponse(request, error);
  }
});

export const allowedMethods = ["GET", "HEAD", "POST", "PATCH"];

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST" && request.method !== "PATCH") return methodNotAllowed(args);
  const viewer = await requirePinner(request);
  const ids = await pinRequest(request);
  if (request.method === "POST") {
    const result = await addPins(viewer, ids);
    return apiJson({ assets: result }, "application/json");
  }
  const removed = await removePins(viewer, ids);
  return apiJson({ assets: { removed } }, "application/json");
});
