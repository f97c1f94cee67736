import { translate } from "~/models/locale/catalog.server";
import { inEnglish } from "../helpers/keyed";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { albumDecision } from "~/models/access/album-access.server";
import {
  addAlbumShares,
  checkShareRequests,
  listAlbumShares,
  removeAlbumShares,
  searchPeople,
  shareMail,
} from "~/models/album/album-shares.server";
import { changeAlbumStatus, createAlbum, listAlbums } from "~/models/album/album.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { setAlbumFlags } from "../helpers/album-flags";

/*
 * Sharing albums with users and groups (decision 055) on the dialect under test: who may be
 * shared with (flags, restrictToFriends, never oneself or the owner), group shares reaching
 * members through groups inside groups, removal, the bin, the people search and the mail.
 */

let testDb: TestDatabase;
let owner: Viewer;
let friend: Viewer;
let inner: Viewer;
let stranger: Viewer;
let team: number;
let innerTeam: number;
let otherTeam: number;

async function addGroup(name: string, permissions: Record<string, unknown> = {}) {
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(permissions) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  owner = await createUser({
    username: "sharon",
    password: "sharon-password-1",
    fullName: "Sharon",
  });
  friend = await createUser({ username: "finn", password: "finn-password-1", fullName: "Finn" });
  inner = await createUser({
    username: "ingrid",
    password: "ingrid-password-1",
    fullName: "Ingrid",
  });
  stranger = await createUser({ username: "stig", password: "stig-password-1", fullName: "Stig" });
  await db()
    .updateTable("users")
    .set({ email: "finn@example.test" })
    .where("id", "=", friend.id)
    .execute();
  await db()
    .updateTable("users")
    .set({ email: "ingrid@example.test" })
    .where("id", "=", inner.id)
    .execute();
  team = await addGroup("Sharing team");
  innerTeam = await addGroup("Sharing inner team");
  otherTeam = await addGroup("Sharing other team");
  await db()
    .insertInto("group_members")
    .values([
      { group_id: team, user_id: owner.id },
      { group_id: team, user_id: friend.id },
      { group_id: innerTeam, user_id: inner.id },
      { group_id: otherTeam, user_id: stranger.id },
    ])
    .execute();
  await db()
    .insertInto("group_groups")
    .values({ group_id: team, member_group_id: innerTeam })
    .execute();
});

afterAll(async () => {
  await testDb?.destroy();
});

const mails = async (to: string) =>
  db().selectFrom("mail_messages").selectAll().where("to_address", "=", to).execute();

describe("album shares", () => {
  test("a user share opens the album, is listed, changes, and its removal closes it again", async () => {
    const album = await createAlbum(owner, { name: "Holiday", description: "" });
    expect((await albumDecision(friend, album.id, "view")).allowed).toBe(false);
    const [share] = await addAlbumShares(owner, album.id, [
      { type: "user", id: friend.id, access: "view", download: false },
    ]);
    expect(share).toMatchObject({ type: "user", id: friend.id, name: "Finn", access: "view" });
    expect((await albumDecision(friend, album.id, "view")).allowed).toBe(true);
    expect((await listAlbums(friend, { filter: "shared", limit: 50 })).map((a) => a.id)).toContain(
      album.id,
    );
    await addAlbumShares(owner, album.id, [
      { type: "user", id: friend.id, access: "contribute", download: false },
    ]);
    const { shares } = await listAlbumShares(owner, album.id);
    expect(shares).toHaveLength(1);
    expect(shares[0]!.access).toBe("contribute");
    expect((await albumDecision(friend, album.id, "contribute")).allowed).toBe(true);
    expect(await removeAlbumShares(owner, album.id, [{ type: "user", id: friend.id }])).toBe(1);
    const after = await albumDecision(friend, album.id, "view");
    expect(!after.allowed && after.problem.kind).toBe("not-found");
    expect(await removeAlbumShares(owner, album.id, [{ type: "user", id: friend.id }])).toBe(0);
  });

  test("a group share reaches members of groups inside it", async () => {
    const album = await createAlbum(owner, { name: "Team album", description: "" });
    await addAlbumShares(owner, album.id, [
      { type: "group", id: team, access: "view", download: false },
    ]);
    expect((await albumDecision(inner, album.id, "view")).allowed).toBe(true);
    expect((await albumDecision(stranger, album.id, "view")).allowed).toBe(false);
    const { shares } = await listAlbumShares(owner, album.id);
    expect(shares).toMatchObject([{ type: "group", id: team, name: "Sharing team" }]);
  });

  test("only the owner manages shares; strangers get the missing album's answer", async () => {
    const album = await createAlbum(owner, { name: "Owner's", description: "" });
    await addAlbumShares(owner, album.id, [
      { type: "user", id: friend.id, access: "view", download: false },
    ]);
    await expect(listAlbumShares(friend, album.id)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(listAlbumShares(stranger, album.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(
      addAlbumShares(stranger, album.id, [
        { type: "user", id: stranger.id, access: "view", download: false },
      ]),
    ).rejects.toMatchObject({ kind: "not-found" });
    await expect(listAlbumShares(owner, album.id, stranger.id)).rejects.toMatchObject({
      kind: "not-found",
    });
  });

  test("oneself, the guest, unknown people and the bin are refused; nothing is stored", async () => {
    const album = await createAlbum(owner, { name: "Refusals", description: "" });
    const ok = { type: "user" as const, id: friend.id, access: "view" as const, download: false };
    const self = await addAlbumShares(owner, album.id, [ok, { ...ok, id: owner.id }]).catch(
      (error: Error) => error,
    );
    expect(self).toMatchObject({ kind: "invalid", index: 1 });
    expect(inEnglish((self as Error).message)).toMatch(/yourself/);
    await expect(
      addAlbumShares(owner, album.id, [{ ...ok, id: GUEST_USER_ID }]),
    ).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(addAlbumShares(owner, album.id, [{ ...ok, id: 987_654 }])).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(
      addAlbumShares(owner, album.id, [{ ...ok, type: "group", id: 987_654 }]),
    ).rejects.toMatchObject({ kind: "not-found" });
    expect((await listAlbumShares(owner, album.id)).shares).toEqual([]);
    await changeAlbumStatus(owner, album.id, "delete");
    await expect(addAlbumShares(owner, album.id, [ok])).rejects.toMatchObject({ kind: "conflict" });
  });

  test("downloads are delegated only with delegateDownloads", async () => {
    const album = await createAlbum(owner, { name: "Downloads", description: "" });
    const request = {
      type: "user" as const,
      id: friend.id,
      access: "view" as const,
      download: true,
    };
    const downloads = await addAlbumShares(owner, album.id, [request]).catch((e: Error) => e);
    expect(downloads).toMatchObject({ kind: "forbidden" });
    expect(inEnglish((downloads as Error).message)).toMatch(/download/);
    await setAlbumFlags({ delegateDownloads: true });
    try {
      const [share] = await addAlbumShares(owner, album.id, [request]);
      expect(share!.download).toBe(true);
      const grant = await albumDecision(friend, album.id, "view");
      expect(grant.allowed && grant.value.delegatedDownload).toBe(true);
    } finally {
      await setAlbumFlags({ delegateDownloads: false });
    }
  });

  test("flags off: no sharing with users or groups, and nobody in the people search", async () => {
    const album = await createAlbum(owner, { name: "Flags", description: "" });
    await setAlbumFlags({ shareWithUsers: false, shareWithGroups: false });
    try {
      await expect(
        checkShareRequests(owner, album.id, [
          { type: "user", id: friend.id, access: "view", download: false },
        ]),
      ).rejects.toMatchObject({ kind: "forbidden" });
      await expect(
        checkShareRequests(owner, album.id, [
          { type: "group", id: team, access: "view", download: false },
        ]),
      ).rejects.toMatchObject({ kind: "forbidden" });
      expect((await searchPeople(owner, "i")).people).toEqual([]);
    } finally {
      await setAlbumFlags({ shareWithUsers: true, shareWithGroups: true });
    }
  });

  test("restrictToFriends: only people in one's own groups, found or shared with", async () => {
    const album = await createAlbum(owner, { name: "Friends", description: "" });
    const everyone = (await searchPeople(owner, "s")).people.map((p) => `${p.type}:${p.id}`);
    expect(everyone).toContain(`user:${stranger.id}`);
    expect(everyone).toContain(`group:${otherTeam}`);
    expect(everyone).not.toContain(`user:${owner.id}`);
    expect(everyone).not.toContain(`user:${GUEST_USER_ID}`);
    await setAlbumFlags({ restrictToFriends: true });
    try {
      const found = (await searchPeople(owner, "i")).people.map((p) => `${p.type}:${p.id}`);
      expect(found).toContain(`user:${friend.id}`);
      expect(found).toContain(`user:${inner.id}`);
      expect(found).not.toContain(`user:${stranger.id}`);
      const groups = (await searchPeople(owner, "team")).people.map((p) => `${p.type}:${p.id}`);
      expect(groups).toEqual([`group:${team}`]);
      await expect(
        addAlbumShares(owner, album.id, [
          { type: "user", id: stranger.id, access: "view", download: false },
        ]),
      ).rejects.toMatchObject({ kind: "not-found" });
      await expect(
        addAlbumShares(owner, album.id, [
          { type: "group", id: otherTeam, access: "view", download: false },
        ]),
      ).rejects.toMatchObject({ kind: "not-found" });
      await addAlbumShares(owner, album.id, [
        { type: "user", id: inner.id, access: "view", download: false },
      ]);
    } finally {
      await setAlbumFlags({ restrictToFriends: false });
    }
  });

  test("the people search pages and matches names", async () => {
    const first = await searchPeople(owner, "i", 0, 1);
    expect(first.people).toHaveLength(1);
    expect(first.more).toBe(true);
    const second = await searchPeople(owner, "i", 1, 1);
    expect(second.people[0]).not.toEqual(first.people[0]);
    expect((await searchPeople(owner, "ingr")).people).toMatchObject([
      { type: "user", id: inner.id, displayName: "Ingrid", uniqueName: "ingrid" },
    ]);
    expect((await searchPeople(owner, "%")).people).toEqual([]);
  });

  test("a message mails the people reached, the group's members through inner groups", async () => {
    const album = await createAlbum(owner, { name: "Mailed", description: "" });
    await addAlbumShares(
      owner,
      album.id,
      [{ type: "group", id: team, access: "view", download: false }],
      {
        message: { title: "Look", body: "<script>alert(1)</script>" },
        origin: "https://arkiv.test",
      },
    );
    const [toInner] = await mails("ingrid@example.test");
    expect(toInner).toBeDefined();
    expect(toInner!.text_body).toContain(
      `https://arkiv.test/fotoweb/users/${owner.id}/albums/${album.id}/`,
    );
    expect(toInner!.html_body).not.toContain("<script>");
    expect(toInner!.html_body).toContain("&lt;script&gt;");
    expect((await mails("finn@example.test")).length).toBeGreaterThan(0);
    const mail = shareMail(
      {
        to: "a@b.test",
        sharer: "S",
        albumName: "A",
        link: "https://x/",
        message: { title: "Hi\r\nBcc: x@y", body: "" },
      },
      { t: (id, values) => translate("en", id, values) },
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
