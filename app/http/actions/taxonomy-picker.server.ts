import { apiError } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { mayEditTaxonomies, TAXONOMY_NOT_FOUND } from "~/models/access/organize-access.server";
import { findField } from "~/models/metadata/metadata.server";
import type { PickerPage } from "~/models/taxonomy/taxonomy-fields";
import { pickerPage } from "~/models/taxonomy/taxonomy-fields.server";
import { idFromSegment } from "~/models/taxonomy/taxonomy.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/utils/local-path";

/*
 * A field's term picker (decision 060): one level of its taxonomy or a search's matches, a page
 * at a time. The JavaScript picker loads it as the route's data; without JavaScript it is a page
 * whose form posts the chosen terms to the asset it was opened from (`asset`, with the field's
 * current values in `value`), through the asset page's own edit, which checks everything again.
 */

export interface PickerBrowse {
  page: PickerPage;
  label: string;
  multi: boolean;
  /** The asset page the choice posts back to (a local /fotoweb/archives/ path), or null. */
  asset: string | null;
  values: string[];
  required: boolean;
}

const MAX_OFFSET = 1_000_000;

export async function taxonomyPickerLoader(
  request: Request,
  segment: string | undefined,
): Promise<PickerBrowse> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const url = new URL(request.url);
  const fieldId = idFromSegment(segment);
  const parentText = url.searchParams.get("parent") ?? "";
  const parent = parentText === "" ? null : idFromSegment(parentText);
  const offsetText = url.searchParams.get("offset") ?? "0";
  const offset = /^\d{1,7}$/.test(offsetText) ? Math.min(Number(offsetText), MAX_OFFSET) : -1;
  if (fieldId === null || (parentText !== "" && parent === null))
    throw apiError(request, 404, TAXONOMY_NOT_FOUND);
  if (offset < 0) throw apiError(request, 400, "Give the offset as a whole number.");
  const [page, field] = await Promise.all([
    pickerPage(fieldId, {
      parent,
      query: url.searchParams.get("q") ?? "",
      offset,
      canEdit: await mayEditTaxonomies(viewer),
    }),
    findField(fieldId),
  ]);
  if (!page) throw apiError(request, 404, TAXONOMY_NOT_FOUND);
  const asset = safeRedirect(url.searchParams.get("asset"), "");
  return {
    page,
    label: field?.GuiLabel ?? page.taxonomy,
    multi: field?.MultiInstance ?? false,
    asset: asset.startsWith(LINKS.archives) ? asset.split("?")[0]! : null,
    values: url.searchParams
      .getAll("value")
      .slice(0, 1000)
      .map((v) => v.slice(0, 10_000)),
    required: url.searchParams.get("required") === "1",
  };
}
