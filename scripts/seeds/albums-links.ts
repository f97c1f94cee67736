import { db, now } from "../../app/db/connection.server";
import { addAlbumAssets } from "../../app/models/album/album.server";
import { createShareLink } from "../../app/models/album/share-link.server";
import { shareLinkSchema } from "../../app/models/album/share-link.schema";
import { findUserById } from "../../app/models/user/user.server";
import {
  LINKS_A11Y_LABEL,
  LINKS_A11Y_OWNER,
  LINKS_ALBUMS,
  LINKS_GROUP,
  linksOwner,
} from "../../tests/e2e/albums-links";
import { BROWSE_ARCHIVE } from "../../tests/e2e/users";

/*
 * Seed data of the albums links end-to-end specs (tests/e2e/albums-links.ts holds the names). Runs
 * after the ingest seed, so the browsing archives' assets exist.
 */
export async function seedAlbumsLinks(users: Map<string, number>): Promise<void> {
  const idOf = (name: string) => {
    const id = users.get(name);
    if (id === undefined) throw new Error(`the seed user ${name} is missing`);
    return id;
  };
  const owners = {
    js: idOf(linksOwner("js")),
    nojs: idOf(linksOwner("nojs")),
    light: idOf(LINKS_A11Y_OWNER),
  };
  const { id: groupId } = await db()
    .insertInto("groups")
    .values({
      name: LINKS_GROUP,
      created_at: now(),
      permissions: JSON.stringify({ albums: { shareWithGuests: true } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const userId of Object.values(owners))
    await db().insertInto("group_members").values({ group_id: groupId, user_id: userId }).execute();

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

  for (const key of ["js", "nojs", "light"] as const) {
    const owner = await findUserById(owners[key]);
    if (!owner) throw new Error(`the seed user of ${key} is missing`);
    const at = now();
    await db()
      .insertInto("albums")
      .values({
        id: LINKS_ALBUMS[key].id,
        owner_id: owner.id,
        name: LINKS_ALBUMS[key].name,
        description: "Photographs shared through a public link.",
        created_at: at,
        updated_at: at,
      })
      .execute();
    await addAlbumAssets(
      owner,
      LINKS_ALBUMS[key].id,
      assets.map((a) => a.id),
    );
    if (key === "light")
      await createShareLink(
        owner,
        LINKS_ALBUMS[key].id,
        shareLinkSchema.parse({ label: LINKS_A11Y_LABEL, download: "previews" }),
      );
  }
}
