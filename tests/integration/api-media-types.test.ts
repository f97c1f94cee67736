import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createItem, createTaxonomy } from "~/models/taxonomy/taxonomy-write.server";
import { createUser } from "~/models/user/user.server";
import { albumHref, taxonomyHref, taxonomyItemHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { insertGroup } from "../helpers/groups";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { mediaTypeProbes, probeOutcome, type ProbeFixture } from "../helpers/api-media-types";

/*
 * Every media type and request type the reference names for an operation Arkiv answers, asked
 * for by a program on a seeded site (issue 33): a response type answers 2xx in that type, a
 * request type is read (anything but 415 and 406). The operations of later capabilities and the
 * request types of capabilities Arkiv has not (actions, markers: 501) are listed, with their
 * reasons, in tests/helpers/api-media-types.ts, which docs/api.md counts from.
 */

let server: TestServer;
let admin: Client;
let fixture: ProbeFixture;

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.url);
  await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const archive: Archive = await createArchive({ name: "Probe", members: [] });
  const assetId = await insertAsset(archive, { fileName: "probe.jpg", title: "Probe" });
  const at = now();
  const field = await db()
    .insertInto("metadata_fields")
    .values({ label: "Probe subjects", data_type: "text", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await createTaxonomy(field.id, { pluralName: "Subjects" });
  const item = await createItem(field.id, null, { name: "Probe term" });
  const owner = await db()
    .selectFrom("users")
    .select("id")
    .where("username", "=", TEST_ADMIN.username)
    .executeTakeFirstOrThrow();
  const made = await admin.request("/fotoweb/me/albums/", {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ name: "Probe album" }),
  });
  const album = await readApiJson<{ href: string }>(made);
  const albumId = /\/albums\/(\d+)\//.exec(album.href)![1]!;
  const view = await db().selectFrom("metadata_views").select("id").executeTakeFirstOrThrow();
  const asset = await readApiJson<{ href: string }>(
    await admin.getJson(`${archive.href}?q=`, "application/vnd.fotoware.assetlist+json"),
  ).then((list) => (list as unknown as { data: { href: string }[] }).data[0]!);
  const rotate = await admin.request("/fotoweb/me/background-tasks/", {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/vnd.fotoware.rotate-request+json",
    },
    body: JSON.stringify({ direction: "cw", assets: [{ href: asset.href }] }),
  });
  expect(rotate.status).toBe(201);
  const task = rotate.headers.get("location")!;
  const upload = await readApiJson<{ id: string }>(
    await admin.request("/fotoweb/api/uploads", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ destination: archive.href, filename: "probe.jpg", fileSize: 10 }),
    }),
  );
  fixture = {
    archiveHref: archive.href,
    archiveId: archive.id,
    assetHref: asset.href,
    assetId,
    albumHref: albumHref(owner.id, albumId),
    userId: owner.id,
    groupId: await insertGroup("Probe group"),
    probeUserId: (await createUser({ username: "probe-writes", password: "probe-pass-123" })).id,
    probeGroupId: await insertGroup("Probe writes"),
    viewId: view.id,
    taxonomyHref: taxonomyHref(field.id),
    taxonomyItemHref: taxonomyItemHref(field.id, item.id),
    taskHref: task,
    uploadId: upload.id,
  };
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("every media type the reference names", () => {
  test("is answered", async () => {
    const missed: string[] = [];
    for (const probe of mediaTypeProbes(fixture)) {
      const response = await admin.request(probe.path, probe.init);
      const outcome = await probeOutcome(probe, response);
      if (outcome) missed.push(`${probe.method} ${probe.operation} ${probe.type}: ${outcome}`);
      if (outcome && process.env.PROBE_DEBUG) {
        const again = await admin.request(probe.path, probe.init);
        console.log(probe.path, again.status, (await again.text()).slice(0, 300));
      }
    }
    expect(missed).toEqual([]);
  });
});
