import type { SeedUser } from "./users";

/*
 * Issue 19 (navigation): the names and people the navigation specs use, shared with
 * scripts/seeds/navigation.ts.
 */

export const NAVIGATION_USERS: SeedUser[] = [];
