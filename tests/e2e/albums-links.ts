import type { SeedUser } from "./users";

/*
 * Albums (links part of issue 18): the names and people albums-links specs use, shared with
 * scripts/seeds/albums-links.ts. Per-project users (js, nojs) for anything a test changes.
 */

export const ALBUMS_LINKS_USERS: SeedUser[] = [];
