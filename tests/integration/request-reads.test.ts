import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { db, useDatabase } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createUser } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * What one request reads (decision 019), on the dialect under test: the loaders of a GET share
 * their reads of the session, the viewer, the archives and the viewer's access; a POST shares
 * nothing, so what its action changed is what its page shows. Statements are counted by a Kysely
 * plugin on the server's own database.
 */

class StatementLog implements KyselyPlugin {
  tables: string[][] = [];
  transformQuery({ node }: PluginTransformQueryArgs) {
    const names = new Set<string>();
    JSON.stringify(node, (key, value: unknown) => {
      if (key === "table" && value && typeof value === "object") {
        const name = (value as { identifier?: { name?: string } }).identifier?.name;
        if (name) names.add(name);
      }
      return value;
    });
    this.tables.push([...names]);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
  reading(table: string) {
    return this.tables.filter((t) => t.includes(table)).length;
  }
}

let server: TestServer;
let archive: Archive;
let member: Client;
const log = new StatementLog();

beforeAll(async () => {
  server = await startTestServer();
  archive = await createArchive({
    name: "Reads",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "EditText"],
        autoSearch: "",
      },
    ],
  });
  await insertReadyAssets(archive.id, 12);
  await createUser({ username: "reader", password: "reader-password-1" });
  member = new Client(server.url);
  await member.signIn("reader", "reader-password-1");
  const handle = server.database.handle;
  useDatabase({ ...handle, db: handle.db.withPlugin(log) });
}, 60_000);

afterEach(() => {
  log.tables = [];
});

afterAll(async () => {
  useDatabase(server.database.handle);
  await server?.close();
});

describe("a GET reads each thing once", () => {
  test("the grid page: one read of the session, the user, the archives and the access", async () => {
    const response = await member.request(archive.href, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-testid="asset-tile"');
    expect(log.reading("sessions")).toBe(1);
    expect(log.reading("users")).toBe(1);
    expect(log.reading("archives")).toBe(1);
    expect(log.reading("archive_members")).toBe(1);
    expect(log.reading("site_settings")).toBe(1);
    // The viewer's groups, transitively (one recursive query, decision 033), once for access and
    // capabilities alike, and their flags once (uploading and the tools menu ask for them).
    expect(log.reading("group_groups")).toBe(1);
    // The archives' metadata views (metadataEditor, decision 032).
    expect(log.reading("metadata_views")).toBe(1);
    // Session, user, settings, groups, flags, archives, access, listing, renditions, pins,
    // folders, manual-order check, metadata views, the navigation pane's smart folders: nothing
    // read twice; and the header's count of running tasks (decision 090), one indexed query.
    expect(log.reading("smart_folders")).toBe(1);
    expect(log.reading("jobs")).toBe(1);
    expect(log.tables.length).toBeLessThanOrEqual(15);
  });

  test("the JSON search reads the viewer and the access once too", async () => {
    const response = await member.request(`${archive.href}?q=asset`, {
      headers: { accept: "application/vnd.fotoware.assetlist+json" },
    });
    expect(response.status).toBe(200);
    expect(log.reading("sessions")).toBe(1);
    expect(log.reading("archive_members")).toBe(1);
    expect(log.reading("archives")).toBe(1);
  });

  test("two requests each read for themselves: nothing is kept between them", async () => {
    await member.request(archive.href, { headers: { accept: "text/html" } });
    await member.request(archive.href, { headers: { accept: "text/html" } });
    expect(log.reading("sessions")).toBe(2);
    expect(log.reading("archive_members")).toBe(2);
  });
});

describe("a POST shares nothing", () => {
  test("access changed between two requests is seen by the second at once", async () => {
    // The GET reads the viewer's access and finds an asset to pin.
    const before = await member.request(archive.href, { headers: { accept: "text/html" } });
    expect(before.status).toBe(200);
    const id = Number(/name="asset" value="(\d+)"/.exec(await before.text())![1]);
    await db()
      .updateTable("archive_members")
      .set({ permissions: JSON.stringify(["Preview"]) })
      .where("archive_id", "=", archive.id)
      .execute();
    try {
      // The POST that follows reads the access again: without View the asset does not exist for
      // this member, and nothing is pinned. A read kept from the GET would let the pin through.
      // Another test may have pinned it before: what counts is that this POST adds nothing.
      const pinsOf = () =>
        db().selectFrom("asset_pins").select("asset_id").where("asset_id", "=", id).execute();
      const before = await pinsOf();
      log.tables = [];
      const posted = await member.request(archive.href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ intent: "pin", asset: String(id) }),
      });
      expect(posted.status).toBe(404);
      expect(log.reading("archive_members")).toBeGreaterThanOrEqual(1);
      expect(await pinsOf()).toEqual(before);
    } finally {
      await db()
        .updateTable("archive_members")
        .set({ permissions: JSON.stringify(["View", "Preview", "EditText"]) })
        .where("archive_id", "=", archive.id)
        .execute();
    }
  });

  test("a pin posted without JavaScript shows as pinned on the page that follows", async () => {
    const page = await member.request(archive.href, { headers: { accept: "text/html" } });
    const html = await page.text();
    const id = /name="asset" value="(\d+)"/.exec(html)![1]!;
    log.tables = [];
    const posted = await member.request(archive.href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({ intent: "pin", asset: id }),
    });
    expect(posted.status).toBe(302);
    // The action's request read the session for itself, with no scope to share it.
    expect(log.reading("sessions")).toBeGreaterThanOrEqual(1);
    const next = await member.request(archive.href, { headers: { accept: "text/html" } });
    const after = await next.text();
    expect(after).toMatch(new RegExp(`value="${id}"[^>]*aria-pressed="true"`));
  });
});
