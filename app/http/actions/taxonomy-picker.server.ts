import { json } from "@remix-run/node";
import { PROBLEM_STATUS } from "~/http/error.server";
import { apiError } from "~/http/http.server";
import { formReply, formValues, readForm } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { Problem, isProblem } from "~/models/problem/problem";
import { createItem } from "~/models/taxonomy/taxonomy-write.server";
import { requireViewer } from "~/http/session.server";
import {
  mayEditTaxonomies,
  requireTaxonomyEditor,
  TAXONOMY_ITEM_NOT_FOUND,
  TAXONOMY_NOT_FOUND,
} from "~/models/access/organize-access.server";
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
  /** allowTaxonomyEditing: the viewer may add a term from here. */
  canEdit: boolean;
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
  const canEdit = await mayEditTaxonomies(viewer);
  const [page, field] = await Promise.all([
    pickerPage(fieldId, { parent, query: url.searchParams.get("q") ?? "", offset, canEdit }),
    findField(fieldId),
  ]);
  if (!page) throw apiError(request, 404, TAXONOMY_NOT_FOUND);
  const asset = safeRedirect(url.searchParams.get("asset"), "");
  return {
    page,
    canEdit,
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

/**
 * Adding a term from the picker (spec 002 "Taxonomy popover", allowTaxonomyEditing): a name,
 * under the level shown (`parent`), through the taxonomy writes, which check it whole. With
 * `_fetch` the new term is answered as JSON for the picker to choose; a plain form goes back to
 * the page it came from with a toast. Refusals are a 4xx by the `name` field; people without
 * manageTaxonomies are refused as the taxonomy API refuses them.
 */
export async function taxonomyPickerAction(request: Request, segment: string | undefined) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const form = await readForm(request);
  const fieldId = idFromSegment(segment);
  if (fieldId === null) throw apiError(request, 404, TAXONOMY_NOT_FOUND);
  const parentText = String(form.get("parent") ?? "");
  const parent = parentText === "" ? null : idFromSegment(parentText);
  const reply = (message: string, status: number) =>
    formReply(request, {
      fieldErrors: { name: message },
      formError: message,
      status,
      values: formValues(form),
    });
  try {
    await requireTaxonomyEditor(viewer);
    if (parentText !== "" && parent === null)
      throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
    const name = String(form.get("name") ?? "");
    const item = await createItem(fieldId, parent, { name });
    if (form.get("_fetch") === "1")
      return json({
        ok: true,
        item: {
          id: item.id,
          value: item.value,
          name: item.name,
          description: item.description,
          selectable: item.acl.includes("Set"),
          hasChildren: false,
        },
      });
    const url = new URL(request.url);
    return redirectWithToast(request, `${url.pathname}${url.search}`, {
      kind: "success",
      message: `${item.name} added.`,
    });
  } catch (error) {
    if (!isProblem(error)) throw error;
    return reply(error.message, PROBLEM_STATUS[error.kind]);
  }
}
