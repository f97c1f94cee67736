import { db, now } from "../../app/db/connection.server";
import { addAlbumAssets } from "../../app/models/album/album.server";
import { findUserById } from "../../app/models/user/user.server";
import { L10N_ALBUM_GROUP, L10N_ALBUMS, l10nAlbumOwner } from "../../tests/e2e/l10n-album";
import { BROWSE_ARCHIVE } from "../../tests/e2e/users";

/*
 * Seed data of the albums-in-Norwegian spec (tests/e2e/l10n-album.ts holds the names): each
 * project's owner has an album of three photographs and may share with people and guests. Runs
 * after the ingest seed, so the browsing archive's assets exist.
 */
export async function seedL10nAlbum(users: Map<string, number>): Promise<void> {
  const { id: groupId } = await db()
    .insertInto("groups")
    .values({
      name: L10N_ALBUM_GROUP,
      created_at: now(),
      permissions: JSON.stringify({ albums: { shareWithUsers: true, shareWithGuests: true } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const assets = await db()
    .selectFrom("assets")
    .innerJoin("archives", "archives.id", "assets.archive_id")
    .select("assets.id")
    .where("archives.name", "=", BROWSE_ARCHIVE)
    .where("assets.state", "=", "ready")
    .orderBy("assets.id")
    .limit(3)
    .execute();
  if (assets.length === 0) throw new Error(`no ready assets in ${BROWSE_ARCHIVE}`);
  for (const project of ["js", "nojs"]) {
    const userId = users.get(l10nAlbumOwner(project));
    const owner = userId === undefined ? undefined : await findUserById(userId);
    if (!owner) throw new Error(`the seed user ${l10nAlbumOwner(project)} is missing`);
    await db()
      .insertInto("group_members")
      .values({ group_id: groupId, user_id: owner.id })
      .execute();
    const at = now();
    const album = L10N_ALBUMS[project]!;
    await db()
      .insertInto("albums")
      .values({
        id: album.id,
        owner_id: owner.id,
        name: album.name,
        description: "Bilder fra sommeren.",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await addAlbumAssets(
      owner,
      album.id,
      assets.map((a) => a.id),
    );
  }
}
