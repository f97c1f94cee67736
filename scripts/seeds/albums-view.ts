/*
 * Seed data of the albums view end-to-end specs (tests/e2e/albums-view.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsView(_users: Map<string, number>): Promise<void> {}
