import type { SeedUser } from "./users";

/*
 * Albums (view part of issue 18): the names and people albums-view specs use, shared with
 * scripts/seeds/albums-view.ts. Per-project users (js, nojs) for anything a test changes.
 *
 * The seed gives the albums fixed ids (the specs build their URLs from them and the owner's id,
 * which the descriptor tells); ids this high are never reached by the other parts' albums.
 */

/** Each project's owner and the album their spec changes. */
export const albumViewOwner = (project: string) => `albumview-${project}`;
export const ALBUM_VIEW_IDS: Record<string, number> = { js: 9301, nojs: 9302 };
export const albumViewName = (project: string) => `Album view ${project}`;
/** The owner and sharee of an album that only gets looked at (axe, the sharee's view). */
export const ALBUM_VIEW_A11Y = {
  owner: "albumview-owner-light",
  sharee: "albumview-sharee-light",
  album: 9303,
} as const;
/** Assets in each seeded album, from the browsing archive. */
export const ALBUM_VIEW_ASSETS = 4;

export const ALBUMS_VIEW_USERS: SeedUser[] = [
  { username: albumViewOwner("js"), fullName: "Album Owner js", style: "light" },
  { username: albumViewOwner("nojs"), fullName: "Album Owner nojs", style: "light" },
  { username: ALBUM_VIEW_A11Y.owner, fullName: "Album Owner Light", style: "light" },
  { username: ALBUM_VIEW_A11Y.sharee, fullName: "Album Sharee Light", style: "light" },
];
