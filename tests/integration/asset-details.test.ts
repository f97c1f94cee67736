import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import {
  findAssetBySegments,
  findNeighbours,
  loadAssetDetails,
  parseListContext,
  printSize,
  renditionLocation,
} from "~/models/asset/asset-details.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import {
  DEFAULT_SORT,
  listAssets,
  SORT_KEYS,
  type ListedAsset,
  type SortOrder,
} from "~/models/search/search.server";
import { createUser, findUserById } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { insertAsset, type Seed } from "../helpers/assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * The details model on the dialect under test: the asset is found only when the viewer may see
 * it, and its neighbours by keyset are exactly the assets before and after it in the listing the
 * grid shows, for every sort order, ties included.
 */

let database: TestDatabase;
let archive: Archive;
let filtered: Archive;
let closed: Archive;
let hidden: Archive;
let member: Viewer;
let guest: Viewer;
let owner: Viewer;
let folderId: number;
const ids: number[] = [];

const group = (id: number, permissions: string[], autoSearch = "") => ({
  type: "group" as const,
  id,
  permissions: permissions as never,
  autoSearch,
});

beforeAll(async () => {
  database = await createTestDatabase();
  archive = await createArchive({
    name: "Harbour photographs",
    members: [
      group(REGISTERED_USERS_GROUP_ID, ["View", "Preview", "Download"]),
      group(EVERYONE_GROUP_ID, ["View", "Preview"]),
    ],
  });
  filtered = await createArchive({
    name: "Portraits only",
    members: [group(REGISTERED_USERS_GROUP_ID, ["View", "Preview"], "o:portrait")],
  });
  closed = await createArchive({ name: "Closed", members: [] });
  hidden = await createArchive({
    name: "Hidden",
    isHidden: true,
    members: [group(EVERYONE_GROUP_ID, ["View", "Preview"])],
  });
  const folder = await db()
    .insertInto("folders")
    .values({
      archive_id: archive.id,
      parent_id: null,
      name: "Lofoten",
      path: "Lofoten",
      created_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  folderId = folder.id;
  // Ties on every key: names, titles, sizes and dates repeat; some dates are missing.
  const seeds: Seed[] = [
    { fileName: "b.jpg", title: "harbour", size: 500, modified: "2024-01-02T00:00:00.000Z" },
    { fileName: "a.jpg", title: "quay", size: 500, modified: null, folder: true },
    { fileName: "b.jpg", title: "harbour", size: 700, modified: "2024-01-02T00:00:00.000Z" },
    { fileName: "c.jpg", title: "", size: 500, camera: "2023-05-01T00:00:00.000Z", folder: true },
    { fileName: "a.jpg", title: "quay", size: 900, modified: "2024-03-01T00:00:00.000Z" },
    { fileName: "d.jpg", title: "harbour", size: 700, camera: "2023-05-01T00:00:00.000Z" },
    { fileName: "c.jpg", title: "boats", size: 100, folder: true },
  ];
  for (const seed of seeds) ids.push(await insertAsset(archive, seed, folderId));
  member = await createUser({ username: "member", password: "member-password-1" });
  guest = (await findUserById(GUEST_USER_ID))!;
  owner = (await db()
    .selectFrom("users")
    .select("id")
    .where("is_site_owner", "=", 1)
    .executeTakeFirstOrThrow()
    .then((r) => findUserById(r.id)))!;
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

async function fullList(viewer: Viewer, sort: SortOrder, extra: { folderId?: number } = {}) {
  const page = await listAssets({
    viewer,
    archiveId: archive.id,
    search: [],
    sort,
    page: { from: "first" },
    limit: 100,
    ...extra,
  });
  return page.assets;
}

const KEYSET_KEYS = SORT_KEYS.filter((k) => k !== "relevance");

describe("neighbours", () => {
  for (const key of KEYSET_KEYS) {
    for (const descending of [false, true]) {
      test(`are the listing's previous and next for ${descending ? "-" : ""}${key}`, async () => {
        const sort = { key, descending };
        const list = await fullList(member, sort);
        expect(list.map((r) => r.id).sort()).toEqual([...ids].sort());
        for (const [index, row] of list.entries()) {
          const found = await findNeighbours(member, row, { search: [], sort });
          expect(found.previous?.id ?? null, `previous of #${index}`).toBe(
            list[index - 1]?.id ?? null,
          );
          expect(found.next?.id ?? null, `next of #${index}`).toBe(list[index + 1]?.id ?? null);
        }
      });
    }
  }

  test("ties are broken by id, in the sort's direction", async () => {
    const names = (await fullList(member, { key: "name", descending: false })).map(
      (r) => `${r.file_name}#${r.id}`,
    );
    expect(names).toEqual([...names].sort());
    expect(names.filter((n) => n.startsWith("b.jpg"))).toEqual([
      `b.jpg#${ids[0]}`,
      `b.jpg#${ids[2]}`,
    ]);
    const descending = await fullList(member, { key: "size", descending: true });
    expect(descending.filter((r) => Number(r.file_size) === 500).map((r) => r.id)).toEqual([
      ids[3],
      ids[1],
      ids[0],
    ]);
  });

  test("follow the search and the folder of the list", async () => {
    const context = parseListContext({ queries: ["harbour"], sort: "name", folder: null })!;
    const matching = (await fullList(member, context.sort)).filter((r) => r.title === "harbour");
    expect(matching.length).toBe(3);
    const middle = await findNeighbours(member, matching[1]!, context);
    expect([middle.previous?.id, middle.next?.id]).toEqual([matching[0]!.id, matching[2]!.id]);

    const inFolder = await fullList(member, DEFAULT_SORT, { folderId });
    expect(inFolder.length).toBe(3);
    const folderContext = parseListContext({ queries: [], sort: null, folder: String(folderId) })!;
    const first = await findNeighbours(member, inFolder[0]!, folderContext);
    expect(first.previous).toBeNull();
    expect(first.next?.id).toBe(inFolder[1]!.id);
  });

  test("skip what a member's filter hides", async () => {
    const portrait = await insertAsset(filtered, { fileName: "p1.jpg", width: 200, height: 300 });
    const landscape = await insertAsset(filtered, { fileName: "l.jpg", width: 300, height: 200 });
    const portrait2 = await insertAsset(filtered, { fileName: "p2.jpg", width: 200, height: 300 });
    const row = (await findAssetBySegments(member, `${filtered.id}`, `${portrait}-p1.jpg.info`))!;
    expect(row).not.toBeNull();
    const found = await findNeighbours(member, row.row, { search: [], sort: DEFAULT_SORT });
    expect(found.previous?.id).toBe(portrait2);
    expect(found.next).toBeNull();
    expect(
      await findAssetBySegments(member, `${filtered.id}`, `${landscape}-l.jpg.info`),
    ).toBeNull();
  });

  test("a relevance sort falls back to the default order; bad contexts are dropped", () => {
    expect(parseListContext({ queries: [], sort: "relevance", folder: null })?.sort).toEqual(
      DEFAULT_SORT,
    );
    expect(parseListContext({ queries: [], sort: "-name", folder: null })?.sort).toEqual({
      key: "name",
      descending: true,
    });
    expect(parseListContext({ queries: [], sort: "colour", folder: null })).toBeNull();
    expect(parseListContext({ queries: ['"unclosed'], sort: null, folder: null })).toBeNull();
    expect(parseListContext({ queries: [], sort: null, folder: "../1" })).toBeNull();
    expect(parseListContext({ queries: ["x".repeat(5000)], sort: null, folder: null })).toBeNull();
  });
});

describe("finding the asset", () => {
  const segment = (id: number, name = "x.jpg") => `${id}-${name}.info`;

  test("by its href's segments, for a viewer who may see it", async () => {
    const found = await findAssetBySegments(member, `${archive.id}-Harbour`, segment(ids[0]!));
    expect(found?.view.id).toBe(ids[0]);
    expect(found?.view.href).toBe(
      assetHref(archive.id, archive.name, { id: ids[0]!, fileName: "b.jpg" }),
    );
    expect(found?.view.permissions).toContain("Download");
  });

  test("null for what the viewer may not see or what does not exist", async () => {
    const inClosed = await insertAsset(closed, { fileName: "secret.jpg" });
    const inHidden = await insertAsset(hidden, { fileName: "hidden.jpg" });
    const processing = await insertAsset(archive, { fileName: "new.jpg", state: "processing" });
    expect(await findAssetBySegments(member, `${closed.id}`, segment(inClosed))).toBeNull();
    expect(await findAssetBySegments(member, `${hidden.id}`, segment(inHidden))).toBeNull();
    expect(await findAssetBySegments(member, `${archive.id}`, segment(processing))).toBeNull();
    expect(await findAssetBySegments(member, `${archive.id}`, segment(999_999))).toBeNull();
    // The site owner sees hidden archives; the archive segment must still be the asset's own.
    expect(await findAssetBySegments(owner, `${hidden.id}`, segment(inHidden))).not.toBeNull();
    expect(await findAssetBySegments(owner, `${archive.id}`, segment(inHidden))).toBeNull();
  });

  test("null for malformed and hostile segments", async () => {
    const id = ids[0]!;
    for (const [a, b] of [
      [`${archive.id}`, `${id}-x.jpg`],
      [`${archive.id}`, `x-${id}.info`],
      [`${archive.id}`, `${id}-\u0000.info`],
      [`${archive.id}`, `${id}-${"x".repeat(5000)}.info`],
      ["..", `${id}-x.info`],
      [`${archive.id}`, `${id}-../../etc/passwd.info`],
      [`${archive.id}`, `${id}-..\\x.info`],
      [`${archive.id}`, "99999999999999-x.info"],
      [undefined, undefined],
    ] as const) {
      expect(await findAssetBySegments(member, a, b), `${a}/${b}`).toBeNull();
    }
  });
});

describe("the page's data", () => {
  test("downloads by permission, the list context kept in every link", async () => {
    const list = await fullList(member, { key: "name", descending: false });
    const row = list[1]!;
    const url = new URL(`http://x/any?q=&s=name&utm=1`);
    const details = (await loadAssetDetails(
      member,
      { archive: String(archive.id), asset: `${row.id}-${row.file_name}.info` },
      url,
    ))!;
    expect(details.downloads.map((d) => d.kind)).toEqual(["original", "preview"]);
    expect(details.downloads[0]!.href).toMatch(/^\/fotoweb\/files\/\d+\/original\/a{64}\//);
    expect(details.previous?.href).toBe(`${assetHrefOf(list[0]!)}?s=name`);
    expect(details.next?.href).toBe(`${assetHrefOf(list[2]!)}?s=name`);
    expect(details.listHref).toBe(`${archive.href}?s=name`);
    expect(details.preview?.width).toBe(300);
    expect(details.facts.printSize).toEqual(printSize(300, 200));

    const asGuest = (await loadAssetDetails(
      guest,
      { archive: String(archive.id), asset: `${row.id}-${row.file_name}.info` },
      new URL("http://x/any?s=nonsense"),
    ))!;
    expect(asGuest.downloads.map((d) => d.kind)).toEqual(["preview"]);
    // A context the grid could not have made is dropped: no neighbours, a plain list link.
    expect(asGuest.previous).toBeNull();
    expect(asGuest.next).toBeNull();
    expect(asGuest.listHref).toBe(archive.href);
  });

  test("rendition hrefs: the file for Download, 403 without, 404 for unknown names", async () => {
    const segments = { archive: String(archive.id), asset: `${ids[0]}-b.jpg.info` };
    const original = await renditionLocation(member, { ...segments, name: "ORIGINAL" });
    expect(original).toMatchObject({ ok: true });
    const denied = await renditionLocation(guest, { ...segments, name: "ORIGINAL" });
    expect(denied).toMatchObject({ ok: false, status: 403 });
    expect(await renditionLocation(guest, { ...segments, name: "PREVIEW" })).toMatchObject({
      ok: true,
    });
    expect(await renditionLocation(member, { ...segments, name: "toString" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  test("print size at 300 ppi in centimetres and inches", () => {
    expect(printSize(3000, 1500)).toEqual({
      cm: { width: 25.4, height: 12.7 },
      inches: { width: 10, height: 5 },
    });
  });
});

function assetHrefOf(row: ListedAsset) {
  return assetHref(archive.id, archive.name, { id: row.id, fileName: row.file_name });
}
