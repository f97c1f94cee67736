/*
 * Seed data of the albums list end-to-end specs (tests/e2e/albums-list.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsList(_users: Map<string, number>): Promise<void> {}
