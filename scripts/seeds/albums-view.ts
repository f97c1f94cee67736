import { db } from "../../app/db/connection.server";
import {
  ALBUM_VIEW_A11Y,
  ALBUM_VIEW_ASSETS,
  ALBUM_VIEW_IDS,
  albumViewName,
  albumViewOwner,
} from "../../tests/e2e/albums-view";
import { BROWSE_ARCHIVE, PROJECTS } from "../../tests/e2e/users";

/*
 * Seed data of the albums view end-to-end specs (tests/e2e/albums-view.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsView(users: Map<string, number>): Promise<void> {
  const idOf = (name: string) => {
    const id = users.get(name);
    if (id === undefined) throw new Error(`albums-view seed: the user ${name} is missing`);
    return id;
  };
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
    .limit(ALBUM_VIEW_ASSETS)
    .execute();
  if (assets.length < ALBUM_VIEW_ASSETS) throw new Error("albums-view seed: too few assets");
  const at = new Date().toISOString();
  const album = async (id: number, owner: number, name: string) => {
    await db()
      .insertInto("albums")
      .values({
        id,
        owner_id: owner,
        name,
        description: `Seeded for the album page (${name}).`,
        cover_asset_id: null,
        archived_at: null,
        deleted_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db()
      .insertInto("album_assets")
      .values(
        assets.map((a, i) => ({
          album_id: id,
          asset_id: a.id,
          position: i + 1,
          added_by: owner,
          added_at: at,
        })),
      )
      .execute();
  };
  for (const project of PROJECTS)
    await album(ALBUM_VIEW_IDS[project]!, idOf(albumViewOwner(project)), albumViewName(project));
  await album(ALBUM_VIEW_A11Y.album, idOf(ALBUM_VIEW_A11Y.owner), "Album view light");
  await db()
    .insertInto("album_shares")
    .values({
      album_id: ALBUM_VIEW_A11Y.album,
      principal_type: "user",
      principal_id: idOf(ALBUM_VIEW_A11Y.sharee),
      access: "view",
      created_at: at,
    })
    .execute();
}
