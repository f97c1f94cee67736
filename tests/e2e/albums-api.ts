import type { SeedUser } from "./users";

/*
 * Albums (api part of issue 18): the names and people albums-api specs use, shared with
 * scripts/seeds/albums-api.ts. Per-project users (js, nojs) for anything a test changes.
 */

export const ALBUMS_API_USERS: SeedUser[] = [];
