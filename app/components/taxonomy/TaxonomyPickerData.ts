import type { PickerBrowse } from "~/http/actions/taxonomy-picker.server";
import type { PickerItem } from "~/models/taxonomy/taxonomy-fields";

/*
 * The JavaScript picker's reads (decision 060): the picker route's data, as Remix's fetchers read
 * a route's loader (the `_data` query), so the picker and the plain browse page share one loader.
 */

const ROUTE_ID = "routes/fotoweb.views.taxonomy-picker.$field";

export async function loadPickerPage(
  pickerHref: string,
  params: { q?: string; parent?: number | null; offset?: number },
  signal?: AbortSignal,
): Promise<PickerBrowse> {
  const query = new URLSearchParams();
  if (params.q) query.set("q", params.q);
  if (params.parent) query.set("parent", String(params.parent));
  if (params.offset) query.set("offset", String(params.offset));
  query.set("_data", ROUTE_ID);
  const response = await fetch(`${pickerHref}?${query}`, { signal, credentials: "same-origin" });
  if (!response.ok) throw new Error(`The taxonomy could not be read (${response.status}).`);
  return (await response.json()) as PickerBrowse;
}

/** Adds a term (allowTaxonomyEditing) at the top of the tree: the new term, or why not. */
export async function addPickerTerm(
  pickerHref: string,
  name: string,
): Promise<{ item: PickerItem } | { error: string }> {
  const body = new URLSearchParams({ name, _fetch: "1" });
  const response = await fetch(`${pickerHref}?_data=${encodeURIComponent(ROUTE_ID)}`, {
    method: "POST",
    body,
    credentials: "same-origin",
  });
  const reply = (await response.json().catch(() => ({}))) as {
    item?: PickerItem;
    fieldErrors?: Record<string, string>;
    value?: string;
  };
  if (response.ok && reply.item) return { item: reply.item };
  return { error: reply.fieldErrors?.name ?? reply.value ?? `Not added (${response.status}).` };
}
