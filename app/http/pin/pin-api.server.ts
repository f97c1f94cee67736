import { z } from "zod";
import { HttpError } from "~/http/http.server";
import { assetIdFromHref, MAX_PIN_BATCH } from "~/models/pin/pin.server";
import { mediaTypeOf } from "../negotiate";
import { parseJsonText } from "../submission.server";

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

const JSON_TYPES = new Set([ASSETLINKLIST_TYPE, "application/json"]);
const PATCH_TYPES = new Set([
  "application/json",
  "application/vnd.fotoware.album-update+json",
  "application/vnd.fotoware.assetlist-update+json",
]);

/** The asset ids a pins POST or PATCH names; throws HttpError 400 or 415. */
export async function pinRequest(request: Request): Promise<number[]> {
  const type = mediaTypeOf(request);
  const accepted = request.method === "POST" ? JSON_TYPES : PATCH_TYPES;
  if (!accepted.has(type) && !(request.method === "PATCH" && type.endsWith("+json")))
    throw new HttpError(
      400,
      request.method === "POST"
        ? `Send the asset links as ${ASSETLINKLIST_TYPE}.`
        : "Send the update as JSON: {assets: {delete: [href]}}.",
    );
  const body = parseJsonText(await request.text(), "The body is not valid JSON.");
  const hrefs =
    request.method === "POST"
      ? addSchema.safeParse(body).data?.data.map((d) => d.href)
      : deleteSchema.safeParse(body).data?.assets.delete;
  if (!hrefs)
    throw new HttpError(
      400,
      request.method === "POST"
        ? "The body must be {data: [{href}]} with at most 1000 asset links."
        : "The body must be {assets: {delete: [href]}} with at most 1000 asset links.",
    );
  return hrefs.map((h) => {
    const id = assetIdFromHref(h);
    if (id === null) throw new HttpError(400, `Not an asset address: ${h.slice(0, 200)}`);
    return id;
  });
}
