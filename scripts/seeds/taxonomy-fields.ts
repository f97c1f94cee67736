/*
 * Seed data of the taxonomy-fields end-to-end specs (tests/e2e/taxonomy-fields.ts holds the names). Runs after the
 * ingest seed, so the browsing archives' assets exist.
 */
export async function seedTaxonomyFields(users: Map<string, number>): Promise<void> {
  void users;
}
