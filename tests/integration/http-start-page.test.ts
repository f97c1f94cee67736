import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createAlbum } from "~/models/album/album.server";
import { createArchive } from "~/models/archive/archive.server";
import { START_RECENT } from "~/models/collection/start-page.server";
import { createUser } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The start page (issue 31): the archives the viewer sees with their covers, the albums marked
 * for the home page that the viewer may open, and a signed-in person's newest arrivals from the
 * archives they see; never anything of an archive or album hidden from them.
 */

let server: TestServer;
let member: Client;
let guest: Client;
let anonymous: Client;

/** The section's HTML, from its heading to the next section. */
function section(html: string, id: string): string | null {
  const at = html.indexOf(`aria-labelledby="${id}"`);
  if (at < 0) return null;
  return html.slice(at, html.indexOf("</section>", at));
}

const titles = (html: string) =>
  [...html.matchAll(/data-testid="recent-asset"[\s\S]*?<span[^>]*>([^<]*)<\/span>/g)].map(
    (m) => m[1],
  );

beforeAll(async () => {
  server = await startTestServer();
  const registered = {
    type: "group" as const,
    id: REGISTERED_USERS_GROUP_ID,
    permissions: ["View" as const, "Preview" as const],
    autoSearch: "",
  };
  const open = await createArchive({ name: "Harbour photos", members: [registered] });
  const hidden = await createArchive({ name: "Board papers", members: [] });
  for (let i = 0; i < START_RECENT + 2; i++)
    await insertAsset(open, { fileName: `boat-${i}.jpg`, title: `Boat ${i}` });
  await insertAsset(hidden, { fileName: "minutes.jpg", title: "Secret minutes" });

  const owner = await createUser({ username: "curator", password: "curator-password-1" });
  await createUser({ username: "visitor-member", password: "member-password-1" });
  const shown = await createAlbum(owner, { name: "Best of the harbour", description: "" });
  const unmarked = await createAlbum(owner, { name: "Curator drafts", description: "" });
  await db()
    .updateTable("albums")
    .set({ show_on_homepage: 1 })
    .where("id", "=", shown.id)
    .execute();
  // The owner holds the flag that lets a marked album show on the home page.
  const { id: group } = await db()
    .insertInto("groups")
    .values({
      name: "Home page curators",
      created_at: now(),
      permissions: JSON.stringify({ albums: { showOnHomepage: true } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db().insertInto("group_members").values({ group_id: group, user_id: owner.id }).execute();
  // Shared with registered users: the member may open the marked album and the unmarked one.
  for (const album of [shown.id, unmarked.id])
    await db()
      .insertInto("album_shares")
      .values({
        album_id: album,
        principal_type: "group",
        principal_id: REGISTERED_USERS_GROUP_ID,
        access: "view",
        created_at: now(),
      })
      .execute();

  member = new Client(server.url);
  await member.signIn("visitor-member", "member-password-1");
  guest = new Client(server.url);
  await guest.signInAsGuest();
  anonymous = new Client(server.url);
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe("GET /fotoweb/ (the start page)", () => {
  test("a member sees the archives open to them, the home page's albums and the newest arrivals", async () => {
    const response = await member.get("/fotoweb/");
    expect(response.status).toBe(200);
    const html = await response.text();
    const archives = section(html, "start-archives")!;
    expect(archives).toContain("Harbour photos");
    expect(archives).not.toContain("Board papers");
    // The tiles lead to the archives; their pin and cover forms stay on the archive list.
    expect(archives).not.toContain("<form");

    const albums = section(html, "start-albums")!;
    expect(albums).toContain("Best of the harbour");
    expect(albums).not.toContain("Curator drafts");
    expect(albums).not.toContain("<form");

    const recent = section(html, "start-recent")!;
    // Newest first, as many as the page shows, none from the hidden archive.
    expect(titles(recent)).toEqual(
      Array.from({ length: START_RECENT }, (_, i) => `Boat ${START_RECENT + 1 - i}`),
    );
    expect(recent).not.toContain("Secret minutes");
    expect(recent).toMatch(/<img[^>]*src="\/fotoweb\/files\//);
  });

  test("a thumbnail whose blob storage has lost answers 404, not a server error", async () => {
    // The helper's assets name blobs that were never written.
    const html = await (await member.get("/fotoweb/")).text();
    const src = /data-testid="recent-asset"[\s\S]*?<img[^>]*src="([^"]+)"/.exec(html)![1]!;
    const response = await member.get(src.replaceAll("&amp;", "&"));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("This file is missing from storage.");
  });

  test("the guest and anonymous visitors get the archives they may browse, no albums or arrivals", async () => {
    for (const client of [guest, anonymous]) {
      const html = await (await client.get("/fotoweb/")).text();
      expect(section(html, "start-recent")).toBeNull();
      expect(section(html, "start-albums")).toBeNull();
      expect(html).not.toContain("Secret minutes");
      expect(html).toContain('aria-labelledby="start-archives"');
    }
  });
});
