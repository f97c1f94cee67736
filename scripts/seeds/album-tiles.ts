import { db } from "../../app/db/connection.server";
import { updatePreferences } from "../../app/models/user/user.server";
import { ALBUM_TILES, ALBUM_TILES_USER } from "../../tests/e2e/album-tiles";
import { BROWSE_ARCHIVE } from "../../tests/e2e/users";
import { albumHref } from "../../app/utils/links";

/*
 * Seed data of album-tiles.spec.ts (tests/e2e/album-tiles.ts holds the names): two pinned albums
 * of the browsing archive's assets, every asset of the larger one pinned. Runs after the ingest
 * seed, so those assets exist.
 */
export async function seedAlbumTiles(users: Map<string, number>): Promise<void> {
  const owner = users.get(ALBUM_TILES_USER);
  if (owner === undefined)
    throw new Error(`album-tiles seed: the user ${ALBUM_TILES_USER} is missing`);
  const archive = await db()
    .selectFrom("archives")
    .select("id")
    .where("name", "=", BROWSE_ARCHIVE)
    .executeTakeFirstOrThrow();
  const assets = await db()
    .selectFrom("assets")
    .select("id")
    .where("archive_id", "=", archive.id)
    .where("state", "=", "ready")
    .orderBy("id")
    .limit(ALBUM_TILES.eight.assets)
    .execute();
  if (assets.length < ALBUM_TILES.eight.assets) throw new Error("album-tiles seed: too few assets");
  const at = new Date().toISOString();
  for (const album of [ALBUM_TILES.one, ALBUM_TILES.eight]) {
    await db()
      .insertInto("albums")
      .values({ id: album.id, owner_id: owner, name: album.name, created_at: at, updated_at: at })
      .execute();
    await db()
      .insertInto("album_assets")
      .values(
        assets.slice(0, album.assets).map((a, i) => ({
          album_id: album.id,
          asset_id: a.id,
          position: i + 1,
          added_by: owner,
          added_at: at,
        })),
      )
      .execute();
  }
  await db()
    .insertInto("asset_pins")
    .values(assets.map((a) => ({ user_id: owner, asset_id: a.id, created_at: at })))
    .execute();
  await updatePreferences(owner, (p) => ({
    ...p,
    intranet: {
      ...p.intranet,
      pinnedAlbums: [ALBUM_TILES.one.id, ALBUM_TILES.eight.id].map((id) => albumHref(owner, id)),
    },
  }));
}
