import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { createArchive, findArchive, listArchives } from "~/models/archive/archive.server";
import { createUser } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { TEST_ADMIN } from "../helpers/database";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The archive list and the trash can as a browser without JavaScript uses them (decision 043):
 * plain posts answered by redirects, confirmations as pages, refusals with a clear 4xx that change
 * nothing, and both pages absent (404) to anyone without manageArchives.
 */

const LIST = "/fotoweb/views/admin/archives";
const TRASH = "/fotoweb/views/admin/trash";

let server: TestServer;
let owner: Client;
let member: Client;

const everyone = [
  { type: "group" as const, id: EVERYONE_GROUP_ID, permissions: ["View" as const], autoSearch: "" },
];

const names = async () => (await listArchives()).map((a) => a.name);

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "member", password: "member-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("who may", () => {
  test("nobody is sent to log on; a member without manageArchives gets 404 everywhere", async () => {
    const anonymous = new Client(server.url);
    for (const path of [LIST, TRASH]) {
      const page = await anonymous.get(path);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toContain("/fotoweb/views/login");
      expect((await member.get(path)).status).toBe(404);
      expect((await member.get(`${path}?delete=1&empty=all`)).status).toBe(404);
    }
    const a = await createArchive({ name: "Guarded" });
    expect((await member.post(LIST, { intent: "hide", id: String(a.id) })).status).toBe(404);
    expect((await member.post(LIST, { intent: "delete", id: String(a.id) })).status).toBe(404);
    expect((await member.post(TRASH, { intent: "emptyAll" })).status).toBe(404);
    expect((await findArchive(a.id))!.isHidden).toBe(false);
    const posted = await anonymous.post(LIST, { intent: "hide", id: String(a.id) });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toContain("/fotoweb/views/login");
    expect((await findArchive(a.id))!.isHidden).toBe(false);
  });
});

describe("the list without JavaScript", () => {
  test("shows every archive with its count and state, and the links", async () => {
    const shown = await createArchive({ name: "Listed", members: everyone });
    await insertReadyAssets(shown.id, 2);
    await createArchive({ name: "Secret", isHidden: true });
    const html = await (await owner.get(LIST)).text();
    expect(html).toContain("Listed");
    expect(html).toContain("2 assets");
    expect(html).toContain("Secret");
    expect(html).toContain("Hidden");
    expect(html).toContain(`href="${LIST}/new"`);
    expect(html).toContain(`href="${LIST}/${shown.id}"`);
    expect(html).toContain(`href="${TRASH}"`);
    // The tools menu offers the list to the manager.
    expect(html).toContain("Manage archives");
  });

  test("hide and show, move up and down, and a move to a position", async () => {
    await db().deleteFrom("archives").execute();
    const a = await createArchive({ name: "Alpha", members: everyone });
    await createArchive({ name: "Beta" });
    const c = await createArchive({ name: "Gamma" });
    const hidden = await owner.post(LIST, { intent: "hide", id: String(a.id) });
    expect(hidden.status).toBe(302);
    expect((await findArchive(a.id))!.isHidden).toBe(true);
    // Hidden archives leave the archives list for everyone but managers.
    const memberList = await (await member.get("/fotoweb/archives/")).text();
    expect(memberList).not.toContain("Alpha");
    await owner.post(LIST, { intent: "show", id: String(a.id) });
    expect((await findArchive(a.id))!.isHidden).toBe(false);

    expect((await owner.post(LIST, { intent: "down", id: String(a.id) })).status).toBe(302);
    expect(await names()).toEqual(["Beta", "Alpha", "Gamma"]);
    await owner.post(LIST, { intent: "up", id: String(c.id) });
    expect(await names()).toEqual(["Beta", "Gamma", "Alpha"]);
    await owner.post(LIST, { intent: "move", id: String(a.id), position: "1" });
    expect(await names()).toEqual(["Alpha", "Beta", "Gamma"]);
    // The order is the archives list's order.
    const json = await owner.getJson(
      "/fotoweb/archives/",
      "application/vnd.fotoware.collectionlist+json",
    );
    const body = (await readApiJson(json)) as { data: { name: string }[] };
    expect(body.data.map((x) => x.name)).toEqual(["Alpha", "Beta", "Gamma"]);
  });

  test("hostile input: 400 or 404 with a message, nothing changes", async () => {
    const before = await names();
    const hostile: Record<string, string>[] = [
      { intent: "move", id: "1", position: "1e400" },
      { intent: "move", id: "abc", position: "1" },
      { intent: "hide", id: "99999999999999999999" },
      { intent: "explode", id: "1" },
      { intent: "move", id: "1", position: "-3" },
    ];
    for (const fields of hostile) {
      const response = await owner.post(LIST, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
    }
    const other = await owner.post(LIST, { intent: "hide", id: "123456" });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("There is no archive with this id.");
    expect(await names()).toEqual(before);
  });

  test("delete asks first (a page), then moves the archive and its assets to the trash can", async () => {
    const full = await createArchive({ name: "Full", members: everyone });
    await insertReadyAssets(full.id, 3);
    const ask = await owner.get(`${LIST}?delete=${full.id}`);
    const html = await ask.text();
    expect(html).toContain("It holds 3 assets");
    expect(html).toContain("Move to the trash can");
    // A post without the confirmation is refused with the count, and nothing changes.
    const refused = await owner.post(LIST, { intent: "delete", id: String(full.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("holds 3 assets");
    expect(await findArchive(full.id)).not.toBeNull();
    const done = await owner.post(LIST, {
      intent: "delete",
      id: String(full.id),
      confirmAssets: "true",
    });
    expect(done.status).toBe(302);
    expect(await findArchive(full.id)).toBeNull();
    expect((await owner.get(`/fotoweb/archives/${full.id}-Full/`)).status).toBe(404);

    const trash = await (await owner.get(TRASH)).text();
    expect(trash).toContain("Archive Full");
    expect(trash).toMatch(/<td[^>]*>3<\/td>/);
  });
});

describe("the trash can without JavaScript", () => {
  test("restore under a new name when taken; empty one after a confirmation page; empty all", async () => {
    await db().deleteFrom("trash_entries").execute();
    const back = await createArchive({ name: "Back", members: everyone });
    await insertReadyAssets(back.id, 1);
    await owner.post(LIST, { intent: "delete", id: String(back.id), confirmAssets: "true" });
    await createArchive({ name: "Back" });
    const entry = await db().selectFrom("trash_entries").selectAll().executeTakeFirstOrThrow();
    const restored = await owner.post(TRASH, { intent: "restore", id: String(entry.id) });
    expect(restored.status).toBe(302);
    expect((await findArchive(back.id))!.name).toBe("Back (restored)");

    const gone = await createArchive({ name: "Gone" });
    await owner.post(LIST, { intent: "delete", id: String(gone.id), confirmAssets: "true" });
    const second = await db().selectFrom("trash_entries").selectAll().executeTakeFirstOrThrow();
    const ask = await (await owner.get(`${TRASH}?empty=${second.id}`)).text();
    expect(ask).toContain("for good now?");
    expect((await owner.post(TRASH, { intent: "empty", id: "abc" })).status).toBe(400);
    expect((await owner.post(TRASH, { intent: "restore", id: "424242" })).status).toBe(404);
    expect((await owner.post(TRASH, { intent: "empty", id: String(second.id) })).status).toBe(302);
    expect(await db().selectFrom("trash_entries").select("id").execute()).toEqual([]);
    expect((await owner.get(`${TRASH}?empty=all`)).status).toBe(200);
    expect((await owner.post(TRASH, { intent: "emptyAll" })).status).toBe(302);
  });
});
