import { z } from "zod";
import { apiError } from "~/http/http.server";
import { assetIdFromHref, MAX_PIN_BATCH, PinError } from "~/models/pin/pin.server";

/*
 * The pins API's bodies: POST an asset link list ({data: [{href}]}), PATCH an album-update-like
 * {assets: {delete: [href]}}. Every href must be an asset URL; anything else is a 400, and
 * nothing changes.
 */

export const ASSETLINKLIST_TYPE = "application/vnd.fotoware.assetlinklist+json";

const href = z.string().max(4000);
const addSchema = z.object({ data: z.array(z.object({ href })).max(MAX_PIN_BATCH) });
const deleteSchema = z.object({
  assets: z.object({ delete: z.array(href).max(MAX_PIN_BATCH) }),
});

export class PinRequestError extends Error {}

const JSON_TYPES = new Set([ASSETLINKLIST_TYPE, "application/json"]);
const PATCH_TYPES = new Set([
  "application/json",
  "application/vnd.fotoware.album-update+json",
  "application/vnd.fotoware.assetlist-update+json",
]);

/** The asset ids a pins POST or PATCH names; throws PinRequestError (400/415). */
export async function pinRequest(request: Request): Promise<number[]> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const accepted = request.method === "POST" ? JSON_TYPES : PATCH_TYPES;
  if (!accepted.has(type) && !(request.method === "PATCH" && type.endsWith("+json")))
    throw new PinRequestError(
      request.method === "POST"
        ? `Send the asset links as ${ASSETLINKLIST_TYPE}.`
        : "Send the update as JSON: {assets: {delete: [href]}}.",
    );
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new PinRequestError("The body is not valid JSON.");
  }
  const hrefs =
    request.method === "POST"
      ? addSchema.safeParse(body).data?.data.map((d) => d.href)
      : deleteSchema.safeParse(body).data?.assets.delete;
  if (!hrefs)
    throw new PinRequestError(
      request.method === "POST"
        ? "The body must be {data: [{href}]} with at most 1000 asset links."
        : "The body must be {assets: {delete: [href]}} with at most 1000 asset links.",
    );
  return hrefs.map((h) => {
    const id = assetIdFromHref(h);
    if (id === null) throw new PinRequestError(`Not an asset address: ${h.slice(0, 200)}`);
    return id;
  });
}

export function pinRequestErrorResponse(request: Request, error: unknown): Response {
  if (error instanceof PinRequestError) return apiError(request, 400, error.message);
  if (error instanceof PinError) return apiError(request, error.status, error.message);
  throw error;
}
