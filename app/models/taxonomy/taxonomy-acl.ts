/*
 * The rights a taxonomy item gives (decision 059): navigate to it, query by it, set it on an
 * asset, show it as a hint. A plain module: the pages' forms list them, the schemas check them,
 * the access module weighs them, and the database stores them as comma-separated text.
 */
export const TAXONOMY_ACL = ["Navigate", "Query", "Set", "Hint"] as const;
export type TaxonomyAclEntry = (typeof TAXONOMY_ACL)[number];
