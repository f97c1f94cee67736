import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createAlbum } from "~/models/album/album.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { albumHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * "Add to album" for a selection without JavaScript (decision 054): the page lists only the
 * albums the viewer may add to, the post adds and goes to the album with a toast naming what was
 * refused, a new album is made and filled, and every bad choice is a 400 that changes nothing.
 * The dialog's fetcher answer (_fetch) carries the same result as JSON.
 */

const PAGE = "/fotoweb/views/add-to-album";

let server: TestServer;
let me: Viewer;
let other: Viewer;
let client: Client;
let open: Archive;
let visible: number[];
let unseen: number;
let mine: number;
let contributeShared: number;
let viewShared: number;
let strangers: number;

async function share(albumId: number, user: Viewer, access: "view" | "contribute") {
  await db()
    .insertInto("album_shares")
    .values({
      album_id: albumId,
      principal_type: "user",
      principal_id: user.id,
      access,
      created_at: now(),
    })
    .execute();
}

const query = (ids: number[], extra: Record<string, string> = {}) =>
  new URLSearchParams([...ids.map((id) => ["asset", String(id)]), ...Object.entries(extra)]);

const albumAssets = async (albumId: number) =>
  (
    await db()
      .selectFrom("album_assets")
      .select("asset_id")
      .where("album_id", "=", albumId)
      .orderBy("position")
      .execute()
  ).map((r) => r.asset_id);

function post(fields: [string, string][], search = "") {
  return client.request(`${PAGE}${search}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** The flash toast a redirect carries: its cookie's signed payload, base64 JSON. */
function toastOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("arkiv_toast="))!
    .split(";")[0]!
    .slice("arkiv_toast=".length);
  const payload = decodeURIComponent(cookie).split(".")[0]!;
  return Buffer.from(payload, "base64").toString("utf8");
}

beforeAll(async () => {
  server = await startTestServer();
  me = await createUser({ username: "adder", password: "adder-pass-123", fullName: "Adder" });
  other = await createUser({ username: "lender", password: "lender-pass-123", fullName: "Lender" });
  open = await createArchive({
    name: "Add source",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  const hidden = await createArchive({
    name: "Lender only",
    members: [{ type: "user", id: other.id, permissions: ["View"], autoSearch: "" }],
  });
  visible = (await insertReadyAssets(open.id, 4)).map((a) => a.id);
  unseen = (await insertReadyAssets(hidden.id, 1))[0]!.id;
  mine = (await createAlbum(me, { name: "My holiday", description: "" })).id;
  contributeShared = (await createAlbum(other, { name: "Team board", description: "" })).id;
  viewShared = (await createAlbum(other, { name: "Look only", description: "" })).id;
  strangers = (await createAlbum(other, { name: "Lender private", description: "" })).id;
  await share(contributeShared, me, "contribute");
  await share(viewShared, me, "view");
  client = new Client(server.url);
  await client.signIn("adder", "adder-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the add-to-album page", () => {
  test("offers only the albums the viewer may add to, and a new album", async () => {
    const response = await client.get(`${PAGE}?${query(visible.slice(0, 2))}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("My holiday");
    expect(html).toContain("Team board");
    expect(html).not.toContain("Look only");
    expect(html).not.toContain("Lender private");
    expect(html).toContain("New album");
    expect(html).toMatch(/type="radio"[^>]*name="album"|name="album"[^>]*type="radio"/);
  });

  test("searches the albums; without a selection 400; signed out to the log-on", async () => {
    // A toast left by an earlier post would name an album on this page too.
    client.cookies.delete("arkiv_toast");
    const html = await (await client.get(`${PAGE}?${query(visible, { q: "team" })}`)).text();
    expect(html).toContain("Team board");
    expect(html).not.toContain("My holiday");
    const empty = await client.get(PAGE);
    expect(empty.status).toBe(400);
    const junk = await client.get(`${PAGE}?asset=abc`);
    expect(junk.status).toBe(400);
    const anonymous = await new Client(server.url).get(`${PAGE}?${query(visible)}`);
    expect([302, 303]).toContain(anonymous.status);
  });
});

describe("adding", () => {
  test("adds to an album and goes there with a toast naming the refused", async () => {
    const response = await post([
      ["album", String(mine)],
      ["asset", String(visible[0])],
      ["asset", String(unseen)],
      ["back", "/fotoweb/archives/"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(albumHref(me.id, mine));
    const toast = toastOf(response);
    expect(toast).toContain("Added 1 asset to My holiday");
    expect(toast).toContain(`Asset ${unseen}`);
    expect(toast).toContain("Refused 1 asset");
    expect(await albumAssets(mine)).toEqual([visible[0]]);
    const again = await post([
      ["album", String(mine)],
      ["asset", String(visible[0])],
    ]);
    expect(toastOf(again)).toContain("1 asset was already in it");
  });

  test("a contribute share is accepted; view-only, others' and missing albums are refused alike", async () => {
    const ok = await post([
      ["album", String(contributeShared)],
      ["asset", String(visible[1])],
    ]);
    expect(ok.status).toBe(302);
    expect(await albumAssets(contributeShared)).toEqual([visible[1]]);
    const bodies = [];
    for (const album of [viewShared, strangers, 99_999_999, "x"]) {
      const refused = await post([
        ["album", String(album)],
        ["asset", String(visible[1])],
      ]);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Choose an album, or name a new one.");
      expect(html).not.toContain("Look only");
      bodies.push(refused.status);
    }
    expect(await albumAssets(viewShared)).toEqual([]);
    expect(await albumAssets(strangers)).toEqual([]);
  });

  test("a new album is made (name trimmed) and filled; a bad name is 400", async () => {
    const made = await post([
      ["album", "new"],
      ["name", "  From search  "],
      ["asset", String(visible[2])],
      ["asset", String(visible[3])],
    ]);
    expect(made.status).toBe(302);
    const row = await db()
      .selectFrom("albums")
      .selectAll()
      .where("name", "=", "From search")
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(me.id);
    expect(made.headers.get("location")).toBe(albumHref(me.id, row.id));
    expect(await albumAssets(row.id)).toEqual([visible[2], visible[3]]);
    // Typing a name without choosing "New album" (no script ticks it) still asks for one.
    const typed = await post([
      ["name", "<b>Typed</b>"],
      ["asset", String(visible[2])],
    ]);
    expect(typed.status).toBe(302);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("albums")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const name of ["   ", "x".repeat(201)]) {
      const bad = await post([
        ["album", "new"],
        ["name", name],
        ["asset", String(visible[2])],
      ]);
      expect(bad.status).toBe(400);
    }
    const nothing = await post([["asset", String(visible[2])]]);
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Choose an album, or name a new one.");
    expect(await count()).toBe(before);
  });

  test("the dialog's post answers the result as JSON", async () => {
    // Its own album, holding one of the assets already.
    const dialog = (await createAlbum(me, { name: "Dialog", description: "" })).id;
    await post([
      ["album", String(dialog)],
      ["asset", String(visible[0])],
    ]);
    const response = await post(
      [
        ["album", String(dialog)],
        ["asset", String(visible[3])],
        ["asset", String(visible[0])],
        ["asset", String(unseen)],
        ["_fetch", "1"],
        // How a fetcher posts: Remix answers the action's data, not the page.
      ],
      "?_data=routes%2Ffotoweb.views.add-to-album",
    );
    expect(response.status).toBe(200);
    const outcome = await readApiJson<{
      ok: boolean;
      added: number;
      present: number;
      refused: { id: number; name: string; reason: string }[];
      album: { href: string };
    }>(response);
    expect(outcome.ok).toBe(false);
    expect(outcome.added).toBe(1);
    expect(outcome.present).toBe(1);
    expect(outcome.refused).toEqual([
      { id: unseen, name: `Asset ${unseen}`, reason: expect.any(String) },
    ]);
    expect(outcome.album.href).toBe(albumHref(me.id, dialog));
  });
});
