/*
 * Seed data of the albums links end-to-end specs (tests/e2e/albums-links.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsLinks(_users: Map<string, number>): Promise<void> {}
