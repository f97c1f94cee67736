import type { SeedUser } from "./users";

/*
 * Issue 19 (taxonomy-admin): the names and people the taxonomy-admin specs use, shared with
 * scripts/seeds/taxonomy-admin.ts.
 */

export const TAXONOMY_ADMIN_USERS: SeedUser[] = [];
