import { ALBUM_FILTERS, type AlbumFilter } from "./album.schema";
import { LINKS } from "~/utils/links";

/*
 * The albums page's small rules (spec 000 sections 4 and 5, decision 052), pure so the browser,
 * the server and a unit test share them.
 */

/** The filter a `filter` parameter names: null for none (every current album), or invalid. */
export function parseAlbumFilter(
  value: string | null | undefined,
): { ok: true; filter: AlbumFilter | null } | { ok: false } {
  if (value === null || value === undefined || value === "") return { ok: true, filter: null };
  return (ALBUM_FILTERS as readonly string[]).includes(value)
    ? { ok: true, filter: value as AlbumFilter }
    : { ok: false };
}

/** The albums page under a filter and a search; the search is dropped when it is empty. */
export function albumsListHref(filter: AlbumFilter | null, q = ""): string {
  const params = new URLSearchParams();
  if (filter) params.set("filter", filter);
  if (q.trim() !== "") params.set("q", q.trim());
  const query = params.toString();
  return query ? `${LINKS.albums}?${query}` : LINKS.albums;
}

/** Whether a search is sent: never when its text is the one last sent (empty text lists all). */
export function shouldSearch(text: string, lastSubmitted: string): boolean {
  return text.trim() !== lastSubmitted.trim();
}

export type FilterPress = "ignore" | "show-title" | "apply";

/**
 * What a press on a filter icon does: nothing on the active one; on a touch device the first tap
 * shows the icon's title and the second (title showing) applies; any other press applies.
 */
export function filterPress(options: {
  active: boolean;
  pointerType: string;
  titleShown: boolean;
}): FilterPress {
  if (options.active) return "ignore";
  if (options.pointerType === "touch" && !options.titleShown) return "show-title";
  return "apply";
}

/** The name the create popover sends: trimmed; null (nothing happens) when that is empty. */
export function albumNameToCreate(raw: string): string | null {
  const name = raw.trim();
  return name === "" ? null : name;
}

/** The filter icons, in the spec's order; null is "clear filters" (every current album). */
export const FILTER_ICONS: { filter: AlbumFilter | null; label: string; empty: string }[] = [
  { filter: "own", label: "My albums", empty: "You have no albums yet." },
  { filter: "shared", label: "Albums shared with me", empty: "No albums are shared with you." },
  { filter: "archived", label: "My archived albums", empty: "You have no archived albums." },
  { filter: "deleted", label: "My deleted albums", empty: "Your bin is empty." },
  { filter: null, label: "Clear filters", empty: "There are no albums to show yet." },
];
