/*
 * Seed data of the taxonomy-admin end-to-end specs (tests/e2e/taxonomy-admin.ts holds the names). Runs after the
 * ingest seed, so the browsing archives' assets exist.
 */
export async function seedTaxonomyAdmin(users: Map<string, number>): Promise<void> {
  void users;
}
