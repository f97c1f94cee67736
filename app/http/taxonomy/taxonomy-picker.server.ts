import { json } from "@remix-run/node";
import { PROBLEM_STATUS } from "~/http/error.server";
import { pageHandler } from "~/http/http.server";
import { checkSubmission, formReply, formValues, readForm } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { Problem, isProblem } from "~/models/problem/problem";
import { createItem, deleteItem, updateItem } from "~/models/taxonomy/taxonomy-write.server";
import {
  TAXONOMY_ITEM_NOT_FOUND,
  TAXONOMY_NOT_FOUND,
  taxonomyItemSchema,
} from "~/models/taxonomy/taxonomy.schema";
import { requireViewer } from "~/http/session.server";
import { mayEditTaxonomies, requireTaxonomyEditor } from "~/models/access/organize-access.server";
import { findField } from "~/models/metadata/metadata.server";
import type { PickerPage } from "~/models/taxonomy/taxonomy-fields";
import { pickerItem, pickerPage } from "~/models/taxonomy/taxonomy-fields.server";
import { findTaxonomyItem, idFromSegment } from "~/models/taxonomy/taxonomy.server";
import { LINKS } from "~/utils/links";
import { keyed } from "~/models/locale/keyed";
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

/** The picker's loader and action: their refusals read in the reader's language (decision 106). */
export const taxonomyPickerLoader = (request: Request, segment: string | undefined) =>
  pageHandler(() => loadPicker(request, segment))({ request });

export const taxonomyPickerAction = (request: Request, segment: string | undefined) =>
  pageHandler(() => actOnPicker(request, segment))({ request });

async function loadPicker(request: Request, segment: string | undefined): Promise<PickerBrowse> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const url = new URL(request.url);
  const fieldId = idFromSegment(segment);
  const parentText = url.searchParams.get("parent") ?? "";
  const parent = parentText === "" ? null : idFromSegment(parentText);
  const offsetText = url.searchParams.get("offset") ?? "0";
  const offset = /^\d{1,7}$/.test(offsetText) ? Math.min(Number(offsetText), MAX_OFFSET) : -1;
  if (fieldId === null || (parentText !== "" && parent === null))
    throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  if (offset < 0) throw new Problem("invalid", keyed("taxonomy.error.offset"));
  const canEdit = await mayEditTaxonomies(viewer);
  const [page, field] = await Promise.all([
    pickerPage(fieldId, { parent, query: url.searchParams.get("q") ?? "", offset, canEdit }),
    findField(fieldId),
  ]);
  if (!page) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
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
 * Changing the tree from the picker (spec 002 "Taxonomy popover": its add button and edit modal,
 * allowTaxonomyEditing). `intent` add (the default): a name under the level shown (`parent`);
 * edit: an `item`'s name, value and description (its search and ACL keep theirs); delete: the
 * `item` with everything under it. All go through the taxonomy writes, which check them whole.
 * With `_fetch` the answer is JSON for the picker; a plain form goes back to the page it came from
 * with a toast. Refusals are a 4xx by field; people without manageTaxonomies are refused as the
 * taxonomy API refuses them, and an item of another taxonomy is not found.
 */
async function actOnPicker(request: Request, segment: string | undefined) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const form = await readForm(request);
  const values = formValues(form);
  const fieldId = idFromSegment(segment);
  if (fieldId === null) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  const fetched = values._fetch === "1";
  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  const itemId = () => {
    const id = idFromSegment(text("item"));
    if (id === null) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
    return id;
  };
  /** The picker's JSON, or a plain form's way back with a toast (keyed: the page reads it). */
  const done = (message: string, body: Record<string, unknown>) => {
    if (fetched) return json({ ok: true, ...body });
    const url = new URL(request.url);
    return redirectWithToast(request, `${url.pathname}${url.search}`, {
      kind: "success",
      message,
    });
  };
  try {
    await requireTaxonomyEditor(viewer);
    const intent = text("intent") || "add";
    if (intent === "edit") {
      const current = await findTaxonomyItem(fieldId, itemId());
      if (!current) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
      const checked = await checkSubmission(
        {
          name: text("name"),
          value: text("value"),
          description: text("description"),
          customSearch: current.customSearch,
          acl: current.acl,
        },
        taxonomyItemSchema,
      );
      // An edited value never silently follows the label again: blank is refused by its field.
      const fieldErrors = checked.ok ? {} : checked.fieldErrors;
      if (text("value").trim() === "")
        fieldErrors.value ??= keyed("taxonomy.validation.valueRequired");
      if (!checked.ok || fieldErrors.value) return formReply(request, { fieldErrors, values });
      const item = await updateItem(fieldId, current.id, checked.data);
      return done(keyed("taxonomy.toast.termSaved", { name: item.name }), {
        item: pickerItem(item),
      });
    }
    if (intent === "delete") {
      const removed = await deleteItem(fieldId, itemId());
      return done(keyed("taxonomy.toast.termsDeleted", { count: removed }), { removed });
    }
    if (intent !== "add") throw new Problem("invalid", keyed("taxonomy.error.intent"));
    const parentText = text("parent");
    const parent = parentText === "" ? null : idFromSegment(parentText);
    if (parentText !== "" && parent === null)
      throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
    const item = await createItem(fieldId, parent, { name: text("name") });
    return done(keyed("taxonomy.toast.termAdded", { name: item.name }), {
      item: pickerItem(item),
    });
  } catch (error) {
    if (!isProblem(error)) throw error;
    const message = error.message;
    return formReply(request, {
      fieldErrors: { name: message },
      formError: message,
      status: PROBLEM_STATUS[error.kind],
      values,
    });
  }
}
