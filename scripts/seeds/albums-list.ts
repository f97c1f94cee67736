import { db, now } from "../../app/db/connection.server";
import { changeAlbumStatus, createAlbum } from "../../app/models/album/album.server";
import { findUserById } from "../../app/models/user/user.server";
import {
  ALBUMS_LIST_FRIEND,
  ALBUMS_LIST_LIGHT,
  albumsListNames,
  albumsListUser,
} from "../../tests/e2e/albums-list";

/*
 * Seed data of the albums list end-to-end specs (tests/e2e/albums-list.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsList(users: Map<string, number>): Promise<void> {
  const viewer = async (username: string) => {
    const user = await findUserById(users.get(username)!);
    if (!user) throw new Error(`albums-list seed: no user ${username}`);
    return user;
  };
  const friend = await viewer(ALBUMS_LIST_FRIEND);
  for (const project of ["js", "nojs"]) {
    const owner = await viewer(albumsListUser(project));
    const names = albumsListNames(project);
    await createAlbum(owner, { name: names.harbour, description: "Boats at dawn" });
    await createAlbum(owner, { name: names.mountains, description: "Snow peaks" });
    const archived = await createAlbum(owner, { name: names.archived, description: "" });
    await changeAlbumStatus(owner, archived.id, "archive");
    const shelved = await createAlbum(owner, { name: names.shelved, description: "" });
    await changeAlbumStatus(owner, shelved.id, "archive");
    const binned = await createAlbum(owner, { name: names.binned, description: "" });
    await changeAlbumStatus(owner, binned.id, "delete");
    const shared = await createAlbum(friend, { name: names.shared, description: "" });
    await db()
      .insertInto("album_shares")
      .values({
        album_id: shared.id,
        principal_type: "user",
        principal_id: owner.id,
        access: "view",
        created_by: friend.id,
        created_at: now(),
      })
      .execute();
  }
  const looker = await viewer(ALBUMS_LIST_LIGHT);
  await createAlbum(looker, { name: `AL ${ALBUMS_LIST_LIGHT} Holiday`, description: "" });
  const old = await createAlbum(looker, { name: `AL ${ALBUMS_LIST_LIGHT} Old`, description: "" });
  await changeAlbumStatus(looker, old.id, "archive");
}
