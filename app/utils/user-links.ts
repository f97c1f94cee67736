import { LINKS } from "./links";

/*
 * The users pages (decision 034), under LINKS.adminUsers: the grid, the editor, the bulk dialogs
 * and the site-owner confirmation. The grid's selection travels in the address as repeated `sel`
 * parameters, so it survives reloads, paging, sorting and searching, JavaScript on or off.
 */
export const USER_LINKS = {
  grid: LINKS.adminUsers,
  create: `${LINKS.adminUsers}/new`,
  bulk: `${LINKS.adminUsers}/bulk`,
  siteOwner: `${LINKS.adminUsers}/site-owner`,
  edit: (id: number) => `${LINKS.adminUsers}/${id}`,
} as const;

export type BulkKind = "company" | "license" | "access" | "expiry" | "delete";
export const BULK_KINDS: readonly BulkKind[] = ["company", "license", "access", "expiry", "delete"];

/** The grid's state as query parameters; undefined values are left out. */
export interface GridState {
  q?: string;
  sortfield?: string;
  sortdir?: string;
  p?: number;
  n?: number;
  sel?: readonly number[];
}

export function gridSearch(state: GridState): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.sortfield) params.set("sortfield", state.sortfield);
  if (state.sortdir) params.set("sortdir", state.sortdir);
  if (state.p) params.set("p", String(state.p));
  if (state.n) params.set("n", String(state.n));
  for (const id of state.sel ?? []) params.append("sel", String(id));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The selected ids of a query (`sel`, repeated), valid ones only, at most 1000. */
export function selectionOf(params: URLSearchParams): number[] {
  const ids = params
    .getAll("sel")
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);
  return [...new Set(ids)].slice(0, 1000);
}

/** A return address inside the users grid, or the grid itself. */
export function gridReturn(value: unknown): string {
  if (typeof value !== "string" || value.length > 20_000) return LINKS.adminUsers;
  return value === LINKS.adminUsers || value.startsWith(`${LINKS.adminUsers}?`)
    ? value
    : LINKS.adminUsers;
}
