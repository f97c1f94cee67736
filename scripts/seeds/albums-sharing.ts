/*
 * Seed data of the albums sharing end-to-end specs (tests/e2e/albums-sharing.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsSharing(_users: Map<string, number>): Promise<void> {}
