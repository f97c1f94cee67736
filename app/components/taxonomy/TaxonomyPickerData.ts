import type { PickerBrowse } from "~/http/taxonomy/taxonomy-picker.server";
import { keyed } from "~/models/locale/keyed";
import type { PickerItem } from "~/models/taxonomy/taxonomy-fields";

/*
 * The JavaScript picker's reads (decision 060): the picker route's data, as Remix's fetchers read
 * a route's loader (the `_data` query), so the picker and the plain browse page share one loader.
 * Their own failures are keyed (decision 104): the widgets read them in the page's words.
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
  if (!response.ok)
    throw new Error(keyed("taxonomy.picker.readFailed", { status: response.status }));
  return (await response.json()) as PickerBrowse;
}

export type TermChange =
  | { intent: "add"; name: string }
  | { intent: "edit"; item: number; name: string; value: string; description: string }
  | { intent: "delete"; item: number };

export type TermChangeResult =
  { item: PickerItem } | { removed: number } | { errors: Record<string, string>; message: string };

/** Adds (at the top of the tree), edits or deletes a term (allowTaxonomyEditing). */
export async function changePickerTerm(
  pickerHref: string,
  change: TermChange,
): Promise<TermChangeResult> {
  const body = new URLSearchParams({ _fetch: "1" });
  for (const [k, v] of Object.entries(change)) body.set(k, String(v));
  const response = await fetch(`${pickerHref}?_data=${encodeURIComponent(ROUTE_ID)}`, {
    method: "POST",
    body,
    credentials: "same-origin",
  }).catch(() => null);
  if (!response) return { errors: {}, message: keyed("taxonomy.picker.unreachable") };
  const reply = (await response.json().catch(() => ({}))) as {
    item?: PickerItem;
    removed?: number;
    fieldErrors?: Record<string, string>;
    value?: string;
  };
  if (response.ok && reply.item) return { item: reply.item };
  if (response.ok && typeof reply.removed === "number") return { removed: reply.removed };
  return {
    errors: reply.fieldErrors ?? {},
    message: reply.value ?? keyed("taxonomy.picker.notSaved", { status: response.status }),
  };
}
