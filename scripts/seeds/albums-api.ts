import { db, now } from "../../app/db/connection.server";
import { ALBUMS_API_USERS, albumsApiAlbum } from "../../tests/e2e/albums-api";

/*
 * Seed data of the albums api end-to-end specs (tests/e2e/albums-api.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist. Each user gets one empty album
 * of their own, so the add-to-album choices hold one to pick beside "New album".
 */
export async function seedAlbumsApi(users: Map<string, number>): Promise<void> {
  const at = now();
  for (const { username } of ALBUMS_API_USERS) {
    const ownerId = users.get(username);
    if (ownerId === undefined) throw new Error(`albums-api seed: no user ${username}`);
    await db()
      .insertInto("albums")
      .values({
        owner_id: ownerId,
        name: albumsApiAlbum(username),
        description: "",
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
