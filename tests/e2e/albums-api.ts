import type { SeedUser } from "./users";

/*
 * Albums (api part of issue 18): the names and people albums-api specs use, shared with
 * scripts/seeds/albums-api.ts. Per-project users (js, nojs) for anything a test changes.
 */

/** Builds albums from a search: one per project, since each run adds to its own albums. */
export const albumsApiUser = (project: string) => `albapi-${project}`;
/** Only opens the add-to-album page and dialog, for axe. */
export const ALBUMS_API_LIGHT = "albapi-light";

/** The album the seed gives each of these users, to pick in the add-to-album choices. */
export const albumsApiAlbum = (username: string) => `Albapi board ${username}`;

export const ALBUMS_API_USERS: SeedUser[] = [
  { username: albumsApiUser("js"), fullName: "Album builder js", style: "light" },
  { username: albumsApiUser("nojs"), fullName: "Album builder nojs", style: "light" },
  { username: ALBUMS_API_LIGHT, fullName: "Album adder light", style: "light" },
];
