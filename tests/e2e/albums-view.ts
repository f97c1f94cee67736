import type { SeedUser } from "./users";

/*
 * Albums (view part of issue 18): the names and people albums-view specs use, shared with
 * scripts/seeds/albums-view.ts. Per-project users (js, nojs) for anything a test changes.
 */

export const ALBUMS_VIEW_USERS: SeedUser[] = [];
