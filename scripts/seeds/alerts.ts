/*
 * Seed data of the alerts end-to-end specs (tests/e2e/alerts.ts holds the names). Runs after the
 * ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlerts(users: Map<string, number>): Promise<void> {
  void users;
}
