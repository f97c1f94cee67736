import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { changeAlbumStatus, createAlbum } from "~/models/album/album.server";
import { SHARE_FAILED } from "~/models/album/album.schema";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { albumSharesHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { dialectUnderTest } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { setAlbumFlags } from "../helpers/album-flags";

/*
 * Album sharing over HTTP (decision 055): the reference's Sharing, SharingUpdate and PeopleList,
 * the sharing page's intents with and without errors, and what everyone but the owner gets: a
 * sharee 403, anyone else the missing album's 404. Hostile input changes nothing.
 */

let server: TestServer;
let owner: Viewer;
let friend: Viewer;
let stranger: Viewer;
let team: number;
let ownerClient: Client;
let friendClient: Client;
let strangerClient: Client;

const SHARING_UPDATE = "application/vnd.fotoware.sharing-update+json";

const patch = (client: Client, path: string, body: unknown, type = SHARING_UPDATE) =>
  client.request(path, {
    method: "PATCH",
    headers: { "content-type": type, accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const sharesOf = async (albumId: number) =>
  db()
    .selectFrom("album_shares")
    .select(["principal_type", "principal_id", "access", "download"])
    .where("album_id", "=", albumId)
    .orderBy("principal_type")
    .orderBy("principal_id")
    .execute();

beforeAll(async () => {
  server = await startTestServer({ LICENSE_SEATS: "200", LOGIN_RATE_LIMIT: "60" });
  owner = await createUser({
    username: "olga",
    password: "olga-password-1",
    fullName: "Olga Owner",
  });
  friend = await createUser({
    username: "fred",
    password: "fred-password-1",
    fullName: "Fred Friend",
  });
  stranger = await createUser({ username: "sven", password: "sven-password-1", fullName: "Sven" });
  await db()
    .updateTable("users")
    .set({ email: "fred@example.test" })
    .where("id", "=", friend.id)
    .execute();
  const { id } = await db()
    .insertInto("groups")
    .values({ name: "Share crew", created_at: now(), permissions: "{}" })
    .returning("id")
    .executeTakeFirstOrThrow();
  team = Number(id);
  await db().insertInto("group_members").values({ group_id: team, user_id: friend.id }).execute();
  ownerClient = new Client(server.url);
  await ownerClient.signIn("olga", "olga-password-1");
  friendClient = new Client(server.url);
  await friendClient.signIn("fred", "fred-password-1");
  strangerClient = new Client(server.url);
  await strangerClient.signIn("sven", "sven-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

interface Sharing {
  shares: { type: string; href: string; name: string; acl: string[]; sharedHREF: string }[];
  showcase?: { sharedHREF: string; type: string; acl: string[] };
  href: string;
  originalHref: string;
}

describe("the sharing API", () => {
  test("PATCH adds users and groups; GET lists them in the reference's Sharing", async () => {
    const album = await createAlbum(owner, { name: "API album", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    const response = await patch(ownerClient, href, {
      addShares: [
        { type: "user", href: `/fotoweb/api/users/${friend.id}`, acl: ["view"] },
        { type: "group", href: String(team), acl: ["view", "contribute"] },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(
      "application/vnd.fotoware.sharing-link-list+json",
    );
    const added = await readApiJson<{ addedShares: { type: string; acl: string[] }[] }>(response);
    expect(added.addedShares.map((s) => [s.type, s.acl])).toEqual([
      ["user", ["view"]],
      ["group", ["view", "contribute"]],
    ]);
    const got = await ownerClient.getJson(href);
    expect(got.headers.get("content-type")).toContain("application/vnd.fotoware.sharing+json");
    const sharing = await readApiJson<Sharing>(got);
    expect(sharing.href).toBe(href);
    expect(sharing.originalHref).toBe(`/fotoweb/users/${owner.id}/albums/${album.id}/`);
    expect(sharing.shares.map((s) => [s.type, s.href, s.name])).toEqual([
      ["user", `/fotoweb/api/users/${friend.id}`, "Fred Friend"],
      ["group", `/fotoweb/api/groups/${team}`, "Share crew"],
    ]);
    expect(sharing.showcase).toBeUndefined();
    // The sharee may not read or change the album's sharing.
    const forbidden = await friendClient.getJson(href);
    expect(forbidden.status).toBe(403);
    await readApiJson(forbidden);
    const removed = await patch(ownerClient, href, {
      removeShares: [
        { type: "user", href: `/fotoweb/api/users/${friend.id}` },
        { type: "group", href: `/fotoweb/api/groups/${team}` },
      ],
    });
    expect(removed.status).toBe(200);
    expect((await readApiJson<{ addedShares: unknown[] }>(removed)).addedShares).toEqual([]);
    expect(await sharesOf(album.id)).toEqual([]);
  });

  test("strangers get the missing album's 404, for GET and PATCH alike", async () => {
    const album = await createAlbum(owner, { name: "Private", description: "" });
    const missing = await readApiJson<{ value: string }>(
      await strangerClient.getJson(albumSharesHref(owner.id, 999_999)),
    );
    for (const response of [
      await strangerClient.getJson(albumSharesHref(owner.id, album.id)),
      await strangerClient.getJson(albumSharesHref(stranger.id, album.id)),
      await patch(strangerClient, albumSharesHref(owner.id, album.id), {
        addShares: [{ type: "user", href: String(stranger.id), acl: ["view"] }],
      }),
      await patch(strangerClient, albumSharesHref(owner.id, album.id), "not json", "text/plain"),
    ]) {
      expect(response.status).toBe(404);
      expect((await readApiJson<{ value: string }>(response)).value).toBe(missing.value);
    }
    expect(await sharesOf(album.id)).toEqual([]);
    expect((await new Client(server.url).getJson(albumSharesHref(owner.id, album.id))).status).toBe(
      401,
    );
  });

  test("one bad entry is a 400 naming it, and nothing changes", async () => {
    const album = await createAlbum(owner, { name: "Validated", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    const good = { type: "user", href: `/fotoweb/api/users/${friend.id}`, acl: ["view"] };
    const cases: [unknown, RegExp][] = [
      [
        { addShares: [good, { type: "user", href: "/fotoweb/api/users/987654" }] },
        /addShares\[1\]/,
      ],
      [{ addShares: [good, { type: "user", href: "/etc/passwd" }] }, /addShares\[1\]/],
      [{ addShares: [good, { type: "user", href: String(owner.id) }] }, /addShares\[1\].*yourself/],
      [{ addShares: [good, { type: "robot", href: "1" }] }, /addShares\[1\]/],
      [{ addShares: [{ ...good, acl: ["view", "admin"] }] }, /addShares\[0\].*admin/],
      [{ addShares: [good, { type: "everyone", acl: ["view"] }] }, /addShares\[1\].*guests/],
      [{ addShares: [{ ...good, acl: ["view", "download"] }] }, /addShares\[0\].*download/],
      [{ addShares: [good], removeShares: [{ type: "group", href: "x" }] }, /removeShares\[0\]/],
      [{ addShares: Array.from({ length: 10_000 }, () => good) }, /at most 100/],
      [{ addShares: "all" }, /addShares/],
      [{ addShares: [good], message: { title: "x".repeat(201) } }, /message\.title/],
    ];
    for (const [body, pattern] of cases) {
      const response = await patch(ownerClient, href, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await readApiJson<{ value: string }>(response)).value).toMatch(pattern);
    }
    expect((await patch(ownerClient, href, "{not json")).status).toBe(400);
    expect(await sharesOf(album.id)).toEqual([]);
    expect(
      await db().selectFrom("share_links").select("id").where("album_id", "=", album.id).execute(),
    ).toEqual([]);
  });

  test("an album in the bin refuses new shares (409) and still lets them be removed", async () => {
    const album = await createAlbum(owner, { name: "Binned", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    const entry = { type: "user", href: String(friend.id), acl: ["view"] };
    expect((await patch(ownerClient, href, { addShares: [entry] })).status).toBe(200);
    await changeAlbumStatus(owner, album.id, "delete");
    const refused = await patch(ownerClient, href, { addShares: [entry] });
    expect(refused.status).toBe(409);
    await readApiJson(refused);
    const removed = await patch(ownerClient, href, { removeShares: [entry] });
    expect(removed.status).toBe(200);
    await readApiJson(removed);
    expect(await sharesOf(album.id)).toEqual([]);
  });

  test("everyone makes public links, listed with the showcase; removeShares everyone revokes", async () => {
    const album = await createAlbum(owner, { name: "Public", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    await setAlbumFlags({ shareWithGuests: true });
    try {
      const response = await patch(ownerClient, href, {
        addShares: [{ type: "everyone", acl: ["view", "preview"] }],
      });
      expect(response.status).toBe(200);
      const { addedShares } = await readApiJson<{
        addedShares: { type: string; acl: string[]; sharedHREF: string }[];
      }>(response);
      expect(addedShares).toHaveLength(1);
      expect(addedShares[0]!.type).toBe("everyone");
      expect(addedShares[0]!.acl).toEqual(["view", "preview"]);
      expect(addedShares[0]!.sharedHREF).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/fotoweb\/shared\/[\w-]{32}$/,
      );
      const link = await db()
        .selectFrom("share_links")
        .selectAll()
        .where("album_id", "=", album.id)
        .executeTakeFirstOrThrow();
      expect(link.download).toBe("previews");
      const sharing = await readApiJson<Sharing>(await ownerClient.getJson(href));
      expect(sharing.showcase).toMatchObject({
        type: "everyone",
        sharedHREF: addedShares[0]!.sharedHREF,
      });
      expect(sharing.shares.filter((s) => s.type === "everyone")).toHaveLength(1);
      const revoked = await patch(ownerClient, href, { removeShares: [{ type: "everyone" }] });
      expect(revoked.status).toBe(200);
      await readApiJson(revoked);
      const after = await readApiJson<Sharing>(await ownerClient.getJson(href));
      expect(after.showcase).toBeUndefined();
      expect(after.shares).toEqual([]);
    } finally {
      await setAlbumFlags({ shareWithGuests: false });
    }
  });

  test("a message is mailed escaped; POST with the method override is PATCH", async () => {
    const album = await createAlbum(owner, { name: "Message", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    const response = await ownerClient.request(href, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-http-method-override": "PATCH",
      },
      body: JSON.stringify({
        addShares: [{ type: "user", href: String(friend.id), acl: ["view"] }],
        message: { title: "Hello", body: "<script>alert('x')</script>" },
      }),
    });
    expect(response.status).toBe(200);
    await readApiJson(response);
    const mail = await db()
      .selectFrom("mail_messages")
      .selectAll()
      .where("to_address", "=", "fred@example.test")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.html_body).not.toContain("<script>");
    expect(mail.text_body).toContain(`/fotoweb/users/${owner.id}/albums/${album.id}/`);
    const plainPost = await ownerClient.request(href, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
    });
    expect(plainPost.status).toBe(405);
    await readApiJson(plainPost);
  });
});

describe("the people search", () => {
  test("q is required; matches are whom one may share with, never oneself or the guest", async () => {
    const missing = await ownerClient.getJson("/fotoweb/me/people/");
    expect(missing.status).toBe(400);
    await readApiJson(missing);
    const response = await ownerClient.getJson("/fotoweb/me/people/?q=e");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(
      "application/vnd.fotoware.people-list+json",
    );
    const list = await readApiJson<{
      data: { type: string; href: string; display_name: string }[];
    }>(response);
    const hrefs = list.data.map((p) => p.href);
    expect(hrefs).toContain(`/fotoweb/api/users/${friend.id}`);
    expect(hrefs).toContain(`/fotoweb/api/groups/${team}`);
    expect(hrefs).not.toContain(`/fotoweb/api/users/${owner.id}`);
    expect(list.data.some((p) => /guest/i.test(p.display_name))).toBe(false);
    const long = await ownerClient.getJson(`/fotoweb/me/people/?q=${"x".repeat(300)}`);
    expect(long.status).toBe(400);
    await readApiJson(long);
    expect((await new Client(server.url).getJson("/fotoweb/me/people/?q=e")).status).toBe(401);
  });

  test("restrictToFriends keeps strangers out of the list", async () => {
    await setAlbumFlags({ restrictToFriends: true });
    try {
      const list = await readApiJson<{ data: { href: string }[] }>(
        await friendClient.getJson("/fotoweb/me/people/?q=s"),
      );
      expect(list.data.map((p) => p.href)).not.toContain(`/fotoweb/api/users/${stranger.id}`);
      expect(list.data.map((p) => p.href)).toContain(`/fotoweb/api/groups/${team}`);
    } finally {
      await setAlbumFlags({ restrictToFriends: false });
    }
  });
});

describe("the sharing page", () => {
  test("lists, searches without JavaScript, adds, refuses by field, and removes", async () => {
    const album = await createAlbum(owner, { name: "Page album", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    const page = await ownerClient.get(href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Share Page album");
    expect(html).toContain("not shared with anyone yet");
    expect(html).toContain("Manage public links");

    const search = await (await ownerClient.get(`${href}?people=fred`)).text();
    expect(search).toContain(`value="user:${friend.id}"`);

    const empty = await ownerClient.post(href, { intent: "add-share", access: "view" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Choose a person or a group to share with.");

    const refused = await ownerClient.post(href, {
      intent: "add-share",
      target: `user:${owner.id}`,
      access: "view",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("You cannot share an album with yourself.");

    const downloads = await ownerClient.post(href, {
      intent: "add-share",
      target: `user:${friend.id}`,
      access: "view",
      download: "on",
    });
    expect(downloads.status).toBe(400);
    // Without delegateDownloads the box is not offered; the refusal still names what was refused.
    expect(await downloads.text()).toContain(
      'role="alert">You do not have permission to let others download originals',
    );
    expect(await sharesOf(album.id)).toEqual([]);

    const added = await ownerClient.post(href, {
      intent: "add-share",
      target: `group:${team}`,
      access: "contribute",
      messageTitle: "",
      messageBody: "",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(href);
    expect(await sharesOf(album.id)).toMatchObject([
      { principal_type: "group", principal_id: team, access: "contribute" },
    ]);
    const listed = await (await ownerClient.get(href)).text();
    expect(listed).toContain("Share crew");
    expect(listed).toContain("Can view and add");

    const removed = await ownerClient.post(href, {
      intent: "remove-share",
      target: `group:${team}`,
    });
    expect(removed.status).toBe(302);
    expect(await sharesOf(album.id)).toEqual([]);
    expect((await ownerClient.post(href, { intent: "nonsense" })).status).toBe(400);
  });

  test("a failure of the server's own shows the spec's share message", async () => {
    const album = await createAlbum(owner, { name: "Failing", description: "" });
    const href = albumSharesHref(owner.id, album.id);
    // A trigger refusing every new share stands in for a database that fails mid-request.
    const postgres = dialectUnderTest() === "postgres";
    if (postgres) {
      await sql`create function refuse_share() returns trigger as $$ begin raise exception 'refused'; end; $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger refuse_share before insert on album_shares for each row execute function refuse_share()`.execute(
        db(),
      );
    } else
      await sql`create trigger refuse_share before insert on album_shares begin select raise(abort, 'refused'); end`.execute(
        db(),
      );
    try {
      const response = await ownerClient.post(href, {
        intent: "add-share",
        target: `user:${friend.id}`,
        access: "view",
      });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain(`role="alert">${SHARE_FAILED}</p>`);
      expect(html).toContain("Share Failing");
    } finally {
      await sql`drop trigger refuse_share${postgres ? sql` on album_shares` : sql``}`.execute(db());
      if (postgres) await sql`drop function refuse_share()`.execute(db());
    }
    expect(await sharesOf(album.id)).toEqual([]);
  });

  test("a sharee is refused and a stranger gets the missing album's page", async () => {
    const album = await createAlbum(owner, { name: "Page private", description: "" });
    await db()
      .insertInto("album_shares")
      .values({
        album_id: album.id,
        principal_type: "user",
        principal_id: friend.id,
        access: "view",
        created_at: now(),
      })
      .execute();
    const href = albumSharesHref(owner.id, album.id);
    expect((await friendClient.get(href)).status).toBe(403);
    const stranger404 = await strangerClient.get(href);
    const missing404 = await strangerClient.get(albumSharesHref(owner.id, 999_999));
    expect(stranger404.status).toBe(404);
    expect(missing404.status).toBe(404);
    const strangerText = await stranger404.text();
    expect(strangerText).not.toContain("Page private");
    expect(strangerText).toContain("There is no album at this address.");
    const post = await strangerClient.post(href, {
      intent: "add-share",
      target: `user:${stranger.id}`,
      access: "view",
    });
    expect(post.status).toBe(404);
    expect(await sharesOf(album.id)).toHaveLength(1);
  });
});
