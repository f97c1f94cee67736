import type { SeedUser } from "./users";

/*
 * Issue 19 (taxonomy-fields): the names and people the taxonomy-fields specs use, shared with
 * scripts/seeds/taxonomy-fields.ts.
 */

export const TAXONOMY_FIELDS_USERS: SeedUser[] = [];
