import type { SeedUser } from "./users";

/*
 * Albums (links part of issue 18): the names and people albums-links specs use, shared with
 * scripts/seeds/albums-links.ts. Per-project users (js, nojs) for anything a test changes.
 */

/** Owners of the story's albums (one per project) and of the accessibility check's album. */
export const linksOwner = (project: string) => `links-owner-${project}`;
export const LINKS_A11Y_OWNER = "links-light";

export const ALBUMS_LINKS_USERS: SeedUser[] = [
  { username: linksOwner("js"), fullName: "Linnea Links js", style: "light" },
  { username: linksOwner("nojs"), fullName: "Linnea Links nojs", style: "light" },
  { username: LINKS_A11Y_OWNER, fullName: "Links Light", style: "light" },
];

/** The group holding albums.shareWithGuests for these owners. */
export const LINKS_GROUP = "E2E album link makers";

/*
 * The albums have fixed ids (far above anything else the seed makes), so a spec can name their
 * pages without a list to look them up in.
 */
export const LINKS_ALBUMS = {
  js: { id: 918_001, name: "Links story js" },
  nojs: { id: 918_002, name: "Links story nojs" },
  light: { id: 918_003, name: "Links a11y light" },
} as const;

/** The open link each a11y album has from the start (no password, previews). */
export const LINKS_A11Y_LABEL = "Seeded link";
