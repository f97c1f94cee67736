/*
 * Seed data of the navigation end-to-end specs (tests/e2e/navigation.ts holds the names). Runs after the
 * ingest seed, so the browsing archives' assets exist.
 */
export async function seedNavigation(users: Map<string, number>): Promise<void> {
  void users;
}
