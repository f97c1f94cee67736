import type { SeedUser } from "./users";

/*
 * Albums (sharing part of issue 18): the names and people albums-sharing specs use, shared with
 * scripts/seeds/albums-sharing.ts. Per-project users (js, nojs) for anything a test changes.
 */

export const ALBUMS_SHARING_USERS: SeedUser[] = [];
