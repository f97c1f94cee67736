import { db, now } from "../../app/db/connection.server";
import { createAlbum } from "../../app/models/album/album.server";
import { findUserById } from "../../app/models/user/user.server";
import {
  SHARING_A11Y,
  SHARING_PROJECTS,
  sharingAlbum,
  sharingCrewMember,
  sharingGroup,
  sharingOwner,
} from "../../tests/e2e/albums-sharing";

/*
 * Seed data of the albums sharing end-to-end specs (tests/e2e/albums-sharing.ts holds the names).
 * Runs after the ingest seed, so the browsing archives' assets exist. Per project: an album of
 * its owner, shared with nobody yet, and a group holding the crew member.
 */
export async function seedAlbumsSharing(users: Map<string, number>): Promise<void> {
  const albumOf = async (username: string, name: string) => {
    const owner = await findUserById(users.get(username)!);
    return owner ? createAlbum(owner, { name, description: "" }) : null;
  };
  for (const project of SHARING_PROJECTS) {
    await albumOf(sharingOwner(project), sharingAlbum(project));
    const { id } = await db()
      .insertInto("groups")
      .values({ name: sharingGroup(project), created_at: now(), permissions: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("group_members")
      .values({ group_id: Number(id), user_id: users.get(sharingCrewMember(project))! })
      .execute();
  }
  // The axe albums show one share each, so the list's rows are checked too.
  for (const [index, { username, album }] of SHARING_A11Y.entries()) {
    const made = await albumOf(username, album);
    const other = SHARING_A11Y[1 - index]!.username;
    if (made)
      await db()
        .insertInto("album_shares")
        .values({
          album_id: made.id,
          principal_type: "user",
          principal_id: users.get(other)!,
          access: "view",
          created_at: now(),
        })
        .execute();
  }
}
