import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import {
  addAlbumAssets,
  changeAlbumStatus,
  createAlbum,
  removeAlbumAssets,
} from "~/models/album/album.server";
import {
  LINK_EXPIRED as KEYED_LINK_EXPIRED,
  LINK_GUESSES_EXHAUSTED as KEYED_LINK_GUESSES_EXHAUSTED,
  LINK_NOT_FOUND as KEYED_LINK_NOT_FOUND,
  LINK_PASSWORD_WRONG as KEYED_LINK_PASSWORD_WRONG,
  LINK_REVOKED as KEYED_LINK_REVOKED,
} from "~/models/album/album.schema";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";
import { setAlbumFlags } from "../helpers/album-flags";
import { inEnglish } from "../helpers/keyed";

const LINK_EXPIRED = inEnglish(KEYED_LINK_EXPIRED);
const LINK_GUESSES_EXHAUSTED = inEnglish(KEYED_LINK_GUESSES_EXHAUSTED);
const LINK_NOT_FOUND = inEnglish(KEYED_LINK_NOT_FOUND);
const LINK_PASSWORD_WRONG = inEnglish(KEYED_LINK_PASSWORD_WRONG);
const LINK_REVOKED = inEnglish(KEYED_LINK_REVOKED);

/*
 * Public links over HTTP (decision 056): the owner's pages and every intent, the visitor's pages
 * in every state, files checked on every request, and the access log with the address.
 */

let server: TestServer;
let owner: Viewer;
let archive: Archive;
let assetIds: number[];
let ownerClient: Client;

const PASSWORD = "owner-password-1";

/** An asset whose original, preview and thumbnail are real (tiny) blobs. */
async function assetWithFiles(fileName: string): Promise<number> {
  const id = await insertAsset(archive, { fileName, size: 4 });
  const blob = await blobStore().put(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  const revision = await db()
    .updateTable("revisions")
    .set({ blob_hash: blob.hash, file_size: 4 })
    .where("asset_id", "=", id)
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .updateTable("renditions")
    .set({ blob_hash: blob.hash, file_size: 4 })
    .where("revision_id", "=", revision.id)
    .execute();
  await db()
    .insertInto("renditions")
    .values({
      revision_id: revision.id,
      kind: "thumbnail",
      blob_hash: blob.hash,
      mime: "image/jpeg",
      width: 200,
      height: 133,
      file_size: 4,
    })
    .execute();
  return id;
}

const linksPage = (albumId: number) =>
  `/fotoweb/users/${owner.id}/albums/${albumId}/.shares/links/`;

async function newAlbum(name: string, description = "") {
  const album = await createAlbum(owner, { name, description });
  await addAlbumAssets(owner, album.id, assetIds);
  return album;
}

/** Creates a link through the owner's page and returns its id and token. */
async function createLink(albumId: number, fields: Record<string, string>) {
  const response = await ownerClient.post(linksPage(albumId), { intent: "create", ...fields });
  expect(response.status).toBe(302);
  const id = Number(/links\/(\d+)$/.exec(response.headers.get("location") ?? "")![1]);
  const { token } = await db()
    .selectFrom("share_links")
    .select("token")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, token, page: `/fotoweb/shared/${token}` };
}

/** The file URLs a visitor's page shows (thumbnails, and preview downloads). */
async function fileUrls(visitor: Client, page: string) {
  const html = await (await visitor.get(page)).text();
  return [...html.matchAll(/(?:src|href)="(\/fotoweb\/shared\/[^"]+\/files\/[^"]+)"/g)].map((m) =>
    m[1]!.replaceAll("&amp;", "&"),
  );
}

const logOf = (linkId: number) =>
  db()
    .selectFrom("share_link_log")
    .select(["action", "address", "asset_id", "detail"])
    .where("link_id", "=", linkId)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser({ username: "linda", password: PASSWORD, fullName: "Linda Owner" });
  await createUser({ username: "sven", password: "sven-password-1", fullName: "Sven" });
  archive = await createArchive({
    name: "Linked",
    members: [
      { type: "user", id: owner.id, permissions: ["View", "Preview", "Download"], autoSearch: "" },
    ],
  });
  assetIds = [await assetWithFiles("harbour.jpg"), await assetWithFiles("lighthouse.jpg")];
  ownerClient = new Client(server.url);
  await ownerClient.signIn("linda", PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

// Every test starts from the owner's groups letting him share with guests (decision 075); the
// tests of the flags change them first.
beforeEach(() => setAlbumFlags({ shareWithGuests: true, delegateDownloads: false }));

describe("the owner's link pages", () => {
  test("without shareWithGuests the create form is refused with 403 and nothing is stored", async () => {
    await setAlbumFlags({ shareWithGuests: false });
    const album = await newAlbum("No guests");
    const page = await ownerClient.get(linksPage(album.id));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You do not have permission to share albums with guests");
    const response = await ownerClient.post(linksPage(album.id), { intent: "create" });
    expect(response.status).toBe(403);
    expect(
      await db().selectFrom("share_links").selectAll().where("album_id", "=", album.id).execute(),
    ).toHaveLength(0);
  });

  test("anyone but the owner gets the album's 404; a visitor with no account the log-on", async () => {
    const album = await newAlbum("Private links");
    const stranger = new Client(server.url);
    await stranger.signIn("sven", "sven-password-1");
    const theirs = await stranger.get(linksPage(album.id));
    const missing = await stranger.get(`/fotoweb/users/${owner.id}/albums/999999/.shares/links/`);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect((await stranger.post(linksPage(album.id), { intent: "revoke-all" })).status).toBe(404);
    expect((await new Client(server.url).get(linksPage(album.id))).status).toBe(302);
  });

  test("bad input answers 400 by field and stores nothing", async () => {
    const album = await newAlbum("Bad input");
    const cases: [Record<string, string>, string][] = [
      [{ expires: "tomorrow" }, "expires"],
      [{ expires: "2001-01-01T10:00" }, "expires"],
      [{ password: "abc" }, "password"],
      [{ label: "x".repeat(101) }, "label"],
      [{ download: "everything" }, "download"],
    ];
    for (const [fields, field] of cases) {
      const response = await ownerClient.post(linksPage(album.id), { intent: "create", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const html = await response.text();
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain(`name="${field}"`);
    }
    // Originals need delegateDownloads.
    const originals = await ownerClient.post(linksPage(album.id), {
      intent: "create",
      download: "originals",
    });
    expect(originals.status).toBe(403);
    expect(
      await db().selectFrom("share_links").selectAll().where("album_id", "=", album.id).execute(),
    ).toHaveLength(0);
  });

  test("an expiry is read and shown on the person's clock, which the field names (decision 117)", async () => {
    const saved = await ownerClient.post("/fotoweb/me/locale", { timeZone: "Europe/Oslo" });
    expect(saved.status).toBe(302);
    try {
      const album = await newAlbum("Oslo time");
      // 18:00 in Oslo on a summer day is 16:00 UTC; a winter day's 09:00 is 08:00 UTC.
      const link = await createLink(album.id, { expires: "2099-06-30T18:00", download: "none" });
      const stored = () =>
        db()
          .selectFrom("share_links")
          .select("expires_at")
          .where("id", "=", link.id)
          .executeTakeFirstOrThrow();
      expect(new Date((await stored()).expires_at!).toISOString()).toBe("2099-06-30T16:00:00.000Z");
      const linkPage = `${linksPage(album.id)}${link.id}`;
      const form = await (await ownerClient.get(linkPage)).text();
      expect(form).toContain("Expires (Europe/Oslo)");
      expect(form).toMatch(
        /name="expires"[^>]*value="2099-06-30T18:00"|value="2099-06-30T18:00"[^>]*name="expires"/,
      );
      const changed = await ownerClient.post(linkPage, {
        intent: "update",
        expires: "2099-01-15T09:00",
        passwordChange: "keep",
        download: "none",
      });
      expect(changed.status).toBe(302);
      expect(new Date((await stored()).expires_at!).toISOString()).toBe("2099-01-15T08:00:00.000Z");
      // A day alone is the end of that day on the person's clock.
      await ownerClient.post(linkPage, {
        intent: "update",
        expires: "2099-01-15",
        passwordChange: "keep",
        download: "none",
      });
      expect(new Date((await stored()).expires_at!).toISOString()).toBe("2099-01-15T22:59:59.999Z");
    } finally {
      await ownerClient.post("/fotoweb/me/locale", { timeZone: "auto" });
    }
  });

  test("create, list, change, revoke and revoke all", async () => {
    const album = await newAlbum("Managed");
    const link = await createLink(album.id, {
      label: "For the press",
      expires: "2099-06-30T12:00",
      password: "open-sesame",
      download: "previews",
    });
    const list = await (await ownerClient.get(linksPage(album.id))).text();
    expect(list).toContain("For the press");
    expect(list).toContain(`${server.url}/fotoweb/shared/${link.token}`);
    // In the reader's time zone (the site's, UTC here), which it names (issue 32).
    expect(list).toContain("30 Jun 2099, 12:00 UTC");
    expect(list).toContain("Previews");
    const linkPage = `${linksPage(album.id)}${link.id}`;
    const stored = await db()
      .selectFrom("share_links")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain("open-sesame");

    // A set password without the password is refused; nothing changes.
    const missing = await ownerClient.post(linkPage, {
      intent: "update",
      label: "Renamed",
      passwordChange: "set",
      download: "none",
    });
    expect(missing.status).toBe(400);
    const past = await ownerClient.post(linkPage, {
      intent: "update",
      expires: "2000-01-01T00:00",
      download: "none",
    });
    expect(past.status).toBe(400);
    expect(
      (
        await db()
          .selectFrom("share_links")
          .selectAll()
          .where("id", "=", link.id)
          .executeTakeFirstOrThrow()
      ).label,
    ).toBe("For the press");

    const kept = await ownerClient.post(linkPage, {
      intent: "update",
      label: "Renamed",
      expires: "",
      passwordChange: "keep",
      download: "none",
    });
    expect(kept.status).toBe(302);
    const afterKeep = await db()
      .selectFrom("share_links")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(afterKeep).toMatchObject({ label: "Renamed", expires_at: null, download: "none" });
    expect(afterKeep.password_hash).toBe(stored.password_hash);
    await ownerClient.post(linkPage, { intent: "update", passwordChange: "remove" });
    expect(
      (
        await db()
          .selectFrom("share_links")
          .select("password_hash")
          .where("id", "=", link.id)
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBeNull();

    const confirm = await (await ownerClient.get(`${linkPage}?revoke=1`)).text();
    expect(confirm).toContain("Revoke this link?");
    expect((await ownerClient.post(linkPage, { intent: "revoke" })).status).toBe(302);
    expect(await (await ownerClient.get(linkPage)).text()).toContain("Revoked");

    const second = await createLink(album.id, { label: "Second" });
    const third = await createLink(album.id, { label: "Third" });
    expect(await (await ownerClient.get(`${linksPage(album.id)}?revoke=all`)).text()).toContain(
      "Revoke every open link",
    );
    const all = await ownerClient.post(linksPage(album.id), { intent: "revoke-all" });
    expect(all.status).toBe(302);
    const rows = await db()
      .selectFrom("share_links")
      .select(["id", "revoked_at"])
      .where("id", "in", [second.id, third.id])
      .execute();
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
  });
});

describe("the visitor's pages", () => {
  test("an open link shows the album without the signed-in shell, and logs the open", async () => {
    const album = await newAlbum("Harbour days", "Boats at dawn");
    const link = await createLink(album.id, { download: "none" });
    const visitor = new Client(server.url);
    const response = await visitor.get(link.page);
    expect(response.status).toBe(200);
    // The last policy given wins: the token never leaves the site in a Referer.
    expect(response.headers.get("referrer-policy")).toMatch(/same-origin$/);
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("Harbour days");
    expect(html).toContain("Boats at dawn");
    expect(html).toContain("Linda Owner");
    expect(html).toContain("harbour.jpg");
    expect(html).not.toContain('aria-label="Log on"');
    expect(html).toContain('data-theme="light"');
    expect(withoutMessages(html)).not.toContain("Download preview");
    expect(withoutMessages(html)).not.toContain("Download original");
    const log = await logOf(link.id);
    expect(log).toEqual([expect.objectContaining({ action: "open" })]);
    expect(log[0]!.address).toMatch(/127\.0\.0\.1/);
  });

  test("a protected link asks for the password; wrong is 401, right sets a scoped cookie", async () => {
    const album = await newAlbum("Protected");
    const link = await createLink(album.id, { password: "open-sesame", download: "previews" });
    const visitor = new Client(server.url);
    const form = await (await visitor.get(link.page)).text();
    expect(form).toContain('type="password"');
    expect(form).not.toContain("harbour.jpg");
    const wrong = await visitor.post(link.page, { password: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(LINK_PASSWORD_WRONG.replace("'", "&#x27;"));
    const empty = await visitor.post(link.page, { password: "" });
    expect(empty.status).toBe(400);
    const [files] = await Promise.all([visitor.get(`${link.page}/files/1/thumbnail/x/y.jpg`)]);
    expect(files.status).toBe(401);
    const right = await visitor.post(link.page, { password: "open-sesame" });
    expect(right.status).toBe(302);
    const cookie = right.headers.getSetCookie().find((c) => c.startsWith("arkiv_link="))!;
    expect(cookie).toContain(`Path=/fotoweb/shared/${link.token}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const open = await (await visitor.get(link.page)).text();
    expect(open).toContain("harbour.jpg");
    expect(open).toContain("Download preview");
    // A new password ends the old access.
    await ownerClient.post(`${linksPage(album.id)}${link.id}`, {
      intent: "update",
      passwordChange: "set",
      password: "new-sesame",
      download: "previews",
    });
    expect(await (await visitor.get(link.page)).text()).not.toContain("harbour.jpg");
    const actions = (await logOf(link.id)).map((e) => e.action);
    expect(actions).toEqual(["password-failed", "password-ok", "open"]);
  });

  test("the sixth wrong guess from one address is 429", async () => {
    const album = await newAlbum("Guessed");
    const link = await createLink(album.id, { password: "open-sesame" });
    const visitor = new Client(server.url);
    for (let i = 0; i < 5; i++)
      expect((await visitor.post(link.page, { password: `guess-${i}` })).status).toBe(401);
    const sixth = await visitor.post(link.page, { password: "open-sesame" });
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain(LINK_GUESSES_EXHAUSTED);
  });

  test("expired and revoked are 410, missing and closed albums 404, never the album", async () => {
    const album = await newAlbum("Ended");
    const expired = await createLink(album.id, {});
    await db()
      .updateTable("share_links")
      .set({ expires_at: "2001-01-01T00:00:00.000Z" })
      .where("id", "=", expired.id)
      .execute();
    const visitor = new Client(server.url);
    const gone = await visitor.get(expired.page);
    expect(gone.status).toBe(410);
    const goneHtml = await gone.text();
    expect(goneHtml).toContain(LINK_EXPIRED);
    expect(goneHtml).not.toContain("harbour.jpg");

    const revoked = await createLink(album.id, {});
    await ownerClient.post(`${linksPage(album.id)}${revoked.id}`, { intent: "revoke" });
    const revokedPage = await visitor.get(revoked.page);
    expect(revokedPage.status).toBe(410);
    expect(await revokedPage.text()).toContain(LINK_REVOKED);

    const missing = await visitor.get(`/fotoweb/shared/${"A".repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(LINK_NOT_FOUND);

    const binned = await newAlbum("Binned");
    const binnedLink = await createLink(binned.id, {});
    await changeAlbumStatus(owner, binned.id, "delete");
    expect((await visitor.get(binnedLink.page)).status).toBe(404);

    const other = await newAlbum("Owner loses the flag");
    const otherLink = await createLink(other.id, {});
    await setAlbumFlags({ shareWithGuests: false });
    try {
      const closed = await visitor.get(otherLink.page);
      expect(closed.status).toBe(404);
      expect(await closed.text()).toContain(LINK_NOT_FOUND);
    } finally {
      await setAlbumFlags({ shareWithGuests: true });
    }
  });
});

describe("the access log", () => {
  test("is paged newest first with before, and answers only the owner", async () => {
    const { logLinkAccess } = await import("~/models/album/share-link.server");
    const album = await newAlbum("Busy");
    const link = await createLink(album.id, {});
    for (let i = 0; i < 101; i++) await logLinkAccess(link.id, `10.0.0.${i}`, "open");
    const page = `${linksPage(album.id)}${link.id}`;
    const first = await (await ownerClient.get(page)).text();
    expect(first).toContain("10.0.0.100");
    expect(first).not.toContain(">10.0.0.0<");
    const older = /href="([^"]+\?before=\d+)"/.exec(first)![1]!;
    const second = await (await ownerClient.get(older.replaceAll("&amp;", "&"))).text();
    expect(second).toContain(">10.0.0.0<");
    expect(second).toContain("Newest entries");
    expect(first).toContain("<dd>101</dd>");
    const stranger = new Client(server.url);
    await stranger.signIn("sven", "sven-password-1");
    expect((await stranger.get(page)).status).toBe(404);
  });
});

describe("files through a link", () => {
  test("thumbnails load; downloads follow the link's right and are logged", async () => {
    const album = await newAlbum("Files");
    const none = await createLink(album.id, { download: "none" });
    const visitor = new Client(server.url);
    const [thumbnail] = await fileUrls(visitor, none.page);
    expect(thumbnail).toMatch(/\/files\/\d+\/thumbnail\//);
    const file = await visitor.get(thumbnail!);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("x-robots-tag")).toBe("noindex");
    expect(file.headers.get("content-disposition")).toMatch(/^inline/);
    const original = thumbnail!.replace("/thumbnail/", "/original/");
    expect((await visitor.get(original)).status).toBe(403);
    expect(
      (await visitor.get(`${thumbnail!.replace("/thumbnail/", "/preview/")}?download=1`)).status,
    ).toBe(403);

    const previews = await createLink(album.id, { download: "previews" });
    const urls = await fileUrls(visitor, previews.page);
    const download = urls.find((u) => u.includes("?download=1"))!;
    const attachment = await visitor.get(download);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get("content-disposition")).toMatch(/^attachment/);
    expect((await visitor.get(urls[0]!.replace("/thumbnail/", "/original/"))).status).toBe(403);
    const log = await logOf(previews.id);
    expect(log.map((e) => e.action)).toEqual(["open", "download", "refused"]);
    expect(log[1]).toMatchObject({ asset_id: assetIds[0], detail: "preview" });
    expect(log[1]!.address).toMatch(/127\.0\.0\.1/);

    // The owner's page shows the log with the asset's name.
    const logPage = await (await ownerClient.get(`${linksPage(album.id)}${previews.id}`)).text();
    expect(logPage).toContain("Downloaded a preview of harbour.jpg");
    expect(logPage).toContain("Refused the original of harbour.jpg");
  });

  test("originals with the right and delegateDownloads; removed, hidden and revoked refuse", async () => {
    await setAlbumFlags({ delegateDownloads: true });
    const album = await newAlbum("Originals");
    const link = await createLink(album.id, { download: "originals" });
    const visitor = new Client(server.url);
    const grid = await (await visitor.get(link.page)).text();
    expect(withoutMessages(grid).match(/Download original/g)).toHaveLength(2);
    const assetPage = await (await visitor.get(`${link.page}/assets/${assetIds[0]}`)).text();
    const original = /href="(\/fotoweb\/shared\/[^"]+\/original\/[^"]+)"/.exec(assetPage)![1]!;
    const response = await visitor.get(original);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment/);
    await setAlbumFlags({ delegateDownloads: false });
    expect((await visitor.get(original)).status).toBe(403);
    await setAlbumFlags({ delegateDownloads: true });

    const [, second] = (await fileUrls(visitor, link.page)).filter((u) =>
      u.includes("/thumbnail/"),
    );
    expect(second).toBeDefined();
    await removeAlbumAssets(owner, album.id, [assetIds[1]!]);
    expect((await visitor.get(second!)).status).toBe(404);
    expect((await visitor.get(`${link.page}/assets/${assetIds[1]}`)).status).toBe(404);

    // The owner no longer sees the asset (no longer a member of its archive): nor does the link.
    const membership = await db()
      .selectFrom("archive_members")
      .selectAll()
      .where("archive_id", "=", archive.id)
      .execute();
    await db().deleteFrom("archive_members").where("archive_id", "=", archive.id).execute();
    try {
      expect((await visitor.get(original)).status).toBe(404);
    } finally {
      await db().insertInto("archive_members").values(membership).execute();
    }
    expect((await visitor.get(original)).status).toBe(200);
    await ownerClient.post(`${linksPage(album.id)}${link.id}`, { intent: "revoke" });
    expect((await visitor.get(original)).status).toBe(410);
    await setAlbumFlags({ delegateDownloads: false });
  });
});
