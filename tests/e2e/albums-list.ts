import type { SeedUser } from "./users";

/*
 * Albums (list part of issue 18): the names and people albums-list specs use, shared with
 * scripts/seeds/albums-list.ts. Per-project users (js, nojs) for anything a test changes.
 */

export const ALBUMS_LIST_USERS: SeedUser[] = [];
