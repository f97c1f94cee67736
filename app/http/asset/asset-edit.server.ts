import { json } from "@remix-run/node";
import { editsFromAssetForm } from "~/components/metadata/editors/field-form";
import { HttpError } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { formReply, formValues, readForm } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/http/locale/locale.server";
import { keyed } from "~/models/locale/keyed";
import { editAssetMetadata, editorFieldsFor } from "~/models/asset/asset-edit.server";
import {
  ASSET_NOT_FOUND,
  EDIT_METADATA_QUERY,
  findAssetBySegments,
} from "~/models/asset/asset-details.server";

/*
 * The asset page's metadata post (decision 046): the plain form of every field (no JavaScript)
 * and an inline editor's fetcher (`_fetch=1`, answered as JSON) read the same way. An asset the
 * viewer may not see is the page's 404; one they may see but not edit is refused with 403; a
 * value that fails its field's rule is a 400 with every field's message, and nothing is written.
 * Refusals are thrown keyed for the route's page handler (decision 106).
 */

export const NO_EDIT_MESSAGE = keyed("asset.refusal.noEdit");

export async function assetEditAction(
  request: Request,
  segments: { archive: string | undefined; asset: string | undefined },
) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const found = await findAssetBySegments(viewer, segments.archive, segments.asset);
  if (!found) throw new HttpError(404, ASSET_NOT_FOUND);
  const assetId = found.row.id;
  const { fields, editable } = await editorFieldsFor(viewer, [assetId]);
  if (!editable.includes(assetId)) throw new HttpError(403, NO_EDIT_MESSAGE);

  const t = await translatorFor(request);
  const form = await readForm(request);
  const fetched = form.get("_fetch") === "1";
  // Back to the page in view mode, keeping the list it was opened from.
  const url = new URL(request.url);
  url.searchParams.delete(EDIT_METADATA_QUERY.name);
  url.searchParams.delete("index");
  const pageHref = `${url.pathname}${url.search}`;
  const done = (message: string, kind: "success" | "info" = "success") =>
    fetched ? json({ ok: true, message }) : redirectWithToast(request, pageHref, { kind, message });

  const changes = editsFromAssetForm(fields, form);
  if (changes.length === 0) return done(t("asset.edit.nothingChanged"), "info");
  const result = await editAssetMetadata(viewer, assetId, changes);
  if (!result.ok)
    return formReply(request, { fieldErrors: result.errors, values: formValues(form) });
  const labels = fields.filter((f) => changes.some((c) => c.field === f.id)).map((f) => f.label);
  const [first = "", second = ""] = labels;
  return done(
    labels.length === 1
      ? t("asset.edit.fieldSaved", { label: first })
      : labels.length === 2
        ? t("asset.edit.twoFieldsSaved", { first, second })
        : t("asset.edit.fieldsSaved", { count: labels.length }),
  );
}
