import type { SeedUser } from "./users";

/*
 * Issue 19 (taxonomy-admin): the names and people the taxonomy-admin specs use, shared with
 * scripts/seeds/taxonomy-admin.ts. Each project's administrator (manageTaxonomies through a
 * group) builds a taxonomy on a text field of its own; light and dark only look (axe).
 */

// users.ts imports this module: its PROJECTS is not there yet when this one is evaluated.
const PROJECTS = ["js", "nojs"] as const;

export const taxonomyAdminUser = (project: string) => `taxonomy-admin-${project}`;
export const TAXONOMY_ADMIN_LIGHT = "taxonomy-admin-light";
export const TAXONOMY_ADMIN_DARK = "taxonomy-admin-dark";
export const TAXONOMY_ADMIN_GROUP = "Taxonomy managers";
/** A project's text field without a taxonomy, for the administrator to give it one. */
export const taxonomyAdminField = (project: string) => `TA ${project} Keywords`;
/** A text field whose taxonomy is seeded, for axe and keyboard navigation. */
export const TAXONOMY_ADMIN_SEEDED_FIELD = "TA Seeded Subjects";
export const TAXONOMY_ADMIN_SEEDED = {
  plural: "Seeded subjects",
  roots: ["Animals", "Plants", "Weather"],
  animals: ["Birds", "Cats"],
  /** Weather holds more items than a page (100): "Wind 000" to "Wind 104". */
  weatherCount: 105,
};
export const windName = (i: number) => `Wind ${String(i).padStart(3, "0")}`;

export const TAXONOMY_ADMIN_USERS: SeedUser[] = [
  ...PROJECTS.map((project): SeedUser => ({
    username: taxonomyAdminUser(project),
    fullName: `Taxonomist ${project}`,
    style: "light",
  })),
  { username: TAXONOMY_ADMIN_LIGHT, fullName: "Taxonomist Light", style: "light" },
  { username: TAXONOMY_ADMIN_DARK, fullName: "Taxonomist Dark", style: "dark" },
];
