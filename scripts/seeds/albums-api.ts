/*
 * Seed data of the albums api end-to-end specs (tests/e2e/albums-api.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsApi(_users: Map<string, number>): Promise<void> {}
