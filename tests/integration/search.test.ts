import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, useDatabase } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID, type AssetRow } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { searchDocument } from "~/models/search/search-document";
import {
  countByArchive,
  decodeCursor,
  encodeCursor,
  findVisibleAsset,
  InvalidCursorError,
  InvalidSearchExpressionError,
  listAssets,
  parseQueries,
  parseSort,
  SORT_KEYS,
  type AssetQuery,
  type PageRequest,
} from "~/models/search/search.server";
import { createUser, findUserById } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * The search model on the dialect under test: the expression language against real rows, the
 * permission filter inside the query, and keyset paging in every sort order.
 */

let database: TestDatabase;
let open: Archive;
let narrowed: Archive;
let closed: Archive;
let hidden: Archive;
let owner: Viewer;
let member: Viewer;
let outsider: Viewer;
let guest: Viewer;

interface Seed {
  file: string;
  title?: string;
  description?: string;
  keywords?: string[];
  byline?: string;
  docType?: string;
  width?: number;
  height?: number;
  colorSpace?: string;
  size?: number;
  camera?: string | null;
  modified?: string | null;
  state?: AssetRow["state"];
}

let clock = 0;
async function addAsset(archive: Archive, seed: Seed): Promise<number> {
  const fields: Record<string, string | string[]> = {};
  if (seed.title) fields[5] = seed.title;
  if (seed.keywords) fields[25] = seed.keywords;
  if (seed.byline) fields[80] = [seed.byline];
  if (seed.description) fields[120] = seed.description;
  clock += 1;
  const at = new Date(Date.UTC(2024, 0, 1, 0, 0, clock)).toISOString();
  const row = await db()
    .insertInto("assets")
    .values({
      archive_id: archive.id,
      folder_id: null,
      file_name: seed.file,
      state: seed.state ?? "ready",
      failure: null,
      doc_type: seed.docType ?? "image",
      mime: "image/jpeg",
      extension: "jpg",
      file_size: seed.size ?? 1000,
      width: seed.width ?? 300,
      height: seed.height ?? 200,
      color_space: seed.colorSpace ?? "srgb",
      orientation: 1,
      title: seed.title ?? "",
      description: seed.description ?? "",
      tags: JSON.stringify(seed.keywords ?? []),
      metadata: JSON.stringify(fields),
      placeholder: null,
      modified_date: seed.modified === undefined ? at : seed.modified,
      iptc_date: null,
      release_date: null,
      camera_date: seed.camera === undefined ? at : seed.camera,
      search_doc: searchDocument({
        fileName: seed.file,
        title: seed.title ?? "",
        description: seed.description ?? "",
        tags: seed.keywords ?? [],
        notes: "",
        status: "",
        fields,
      }),
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db().updateTable("assets").set({ position: row.id }).where("id", "=", row.id).execute();
  return row.id;
}

const ids = new Map<string, number>();

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabase(database.handle);
  owner = (await findUserById(
    (
      await db()
        .selectFrom("users")
        .select("id")
        .where("is_site_owner", "=", 1)
        .executeTakeFirstOrThrow()
    ).id,
  ))!;
  member = await createUser({ username: "member", password: "member-password-1", fullName: "M" });
  outsider = await createUser({
    username: "outsider",
    password: "outside-password-1",
    fullName: "O",
  });
  guest = (await findUserById(15000))!;
  const registered = { type: "group" as const, id: REGISTERED_USERS_GROUP_ID, autoSearch: "" };
  open = await createArchive({
    name: "Open",
    members: [
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  // The member sees only portrait photographs; others see nothing.
  narrowed = await createArchive({
    name: "Narrowed",
    members: [{ type: "user", id: member.id, permissions: ["View"], autoSearch: "o:portrait" }],
  });
  closed = await createArchive({
    name: "Closed",
    members: [{ ...registered, permissions: ["Preview", "Download"] }],
  });
  hidden = await createArchive({
    name: "Hidden",
    isHidden: true,
    members: [{ ...registered, permissions: ["View", "Preview"] }],
  });
  const seeds: [string, Archive, Seed][] = [
    [
      "sunset",
      open,
      {
        file: "IMG_0001.jpg",
        title: "Sunset over the fjord",
        keywords: ["sunset", "fjord", "Norway"],
        byline: "Kari Nordmann",
        width: 6000,
        height: 4000,
        size: 5_000_000,
        camera: "2023-06-21T21:30:00.000Z",
      },
    ],
    [
      "newyork",
      open,
      {
        file: "IMG_0002.jpg",
        title: "Night in New York",
        keywords: ["New York", "night", "city"],
        byline: "Ola Hansen",
        width: 4000,
        height: 6000,
        size: 3_000_000,
        camera: "2024-01-10T02:00:00.000Z",
      },
    ],
    [
      "york",
      open,
      {
        file: "york-minster.jpg",
        title: "York Minster",
        description: "A new view of the cathedral",
        keywords: ["York", "cathedral"],
        colorSpace: "cmyk",
        size: 900_000,
        camera: null,
      },
    ],
    [
      "cafe",
      open,
      {
        file: "café.jpg",
        title: "Café in Tromsø",
        keywords: ["café", "coffee"],
        colorSpace: "b-w",
        width: 1000,
        height: 1000,
        size: 200_000,
        camera: "2022-12-24T12:00:00.000Z",
      },
    ],
    [
      "movie",
      open,
      {
        file: "launch.mp4",
        title: "Launch film",
        docType: "movie",
        width: 1920,
        height: 1080,
        size: 80_000_000,
        camera: null,
        modified: null,
      },
    ],
    [
      "sunrise",
      open,
      {
        file: "IMG_0003.jpg",
        title: "Sunrise",
        keywords: ["sunrise", "sun"],
        description: "sunset colours at dawn, sunset again",
        size: 1_000_000,
      },
    ],
    ["processing", open, { file: "pending.jpg", title: "Sunset pending", state: "processing" }],
    ["failed", open, { file: "broken.jpg", title: "Sunset broken", state: "failed" }],
    [
      "portrait",
      narrowed,
      { file: "portrait.jpg", title: "Portrait sunset", width: 2000, height: 3000 },
    ],
    [
      "landscape",
      narrowed,
      { file: "landscape.jpg", title: "Landscape sunset", width: 3000, height: 2000 },
    ],
    ["closed", closed, { file: "closed.jpg", title: "Closed sunset" }],
    ["hidden", hidden, { file: "hidden.jpg", title: "Hidden sunset" }],
  ];
  for (const [key, archive, seed] of seeds) ids.set(key, await addAsset(archive, seed));
});

afterAll(async () => {
  await database?.destroy();
});

const base = (viewer: Viewer | null, extra: Partial<AssetQuery> = {}): AssetQuery => ({
  viewer,
  search: [],
  sort: { key: "added", descending: true },
  page: { from: "first" },
  limit: 100,
  ...extra,
});

async function names(viewer: Viewer | null, q: string[], extra: Partial<AssetQuery> = {}) {
  const page = await listAssets(base(viewer, { search: parseQueries(q), ...extra }));
  const byId = new Map([...ids].map(([k, v]) => [v, k]));
  return page.assets.map((a) => byId.get(a.id)).sort();
}

describe("the expression language against rows", () => {
  const cases: [string, string[]][] = [
    ["sunset", ["sunrise", "sunset"]],
    ["SUNSET", ["sunrise", "sunset"]],
    ['"New York"', ["newyork"]],
    ["new york", ["newyork", "york"]],
    ['25:"New York"', ["newyork"]],
    ["25:york", ["newyork", "york"]],
    ["5:sunset", ["sunset"]],
    ["120:sunset", ["sunrise"]],
    ["80:kari", ["sunset"]],
    ["sun*", ["sunrise", "sunset"]],
    ["5:sun*", ["sunrise", "sunset"]],
    ["s*t", ["sunrise", "sunset"]],
    ["cafe", ["cafe"]],
    ["tromsø", ["cafe"]],
    ["sunset NOT fjord", ["sunrise"]],
    ["-fjord sunset", ["sunrise"]],
    ["NOT sunset", ["cafe", "movie", "newyork", "york"]],
    ["fjord OR cathedral", ["sunset", "york"]],
    ["(fjord OR cathedral) AND 25:york", ["york"]],
    ["fn:IMG_*", ["newyork", "sunrise", "sunset"]],
    ["fn:img_0001.jpg", ["sunset"]],
    ["fn:café.jpg", ["cafe"]],
    ["dt:movie", ["movie"]],
    ["dt:image sunset", ["sunrise", "sunset"]],
    ["o:portrait", ["newyork"]],
    ["o:square", ["cafe"]],
    ["o:landscape", ["movie", "sunrise", "sunset", "york"]],
    ["cs:cmyk", ["york"]],
    ["cs:gray", ["cafe"]],
    ["cs:rgb", ["movie", "newyork", "sunrise", "sunset"]],
    // Metadata status counts the fields an asset carries: 1 or 2 little, 3 or more normal.
    ["ms:normal", ["newyork", "sunrise", "sunset", "york"]],
    ["ms:little", ["cafe", "movie"]],
    ["MS:Little", ["cafe", "movie"]],
    ["ms:none", []],
    ["NOT ms:normal", ["cafe", "movie"]],
    ["ms:little coffee", ["cafe"]],
    ["fs:1000000 TO 5000000", ["newyork", "sunrise", "sunset"]],
    ["fs:* TO 1MB", ["cafe", "sunrise", "york"]],
    ["pw:6000", ["sunset"]],
    ["ph:1000 TO *", ["cafe", "movie", "newyork", "sunset"]],
    ["ct:2023", ["sunset"]],
    ["ct:2022-12-24", ["cafe"]],
    ["ct:2022-01-01 TO 2023-12-31", ["cafe", "sunset"]],
    ["mt:2024-01-01 TO *", ["cafe", "newyork", "sunrise", "sunset", "york"]],
    ["*", ["cafe", "movie", "newyork", "sunrise", "sunset", "york"]],
    ["nothingmatchesthis", []],
    ['"!!!"', []],
  ];
  test.each(cases)("%s", async (q, expected) => {
    expect(await names(guest, [q])).toEqual([...expected].sort());
  });

  test("ms:none finds the assets without any metadata field", async () => {
    const bare = await createArchive({
      name: "Bare",
      members: [
        { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View", "Preview"], autoSearch: "" },
      ],
    });
    const id = await addAsset(bare, { file: "bare.jpg" });
    ids.set("bare", id);
    try {
      expect(await names(guest, ["ms:none"], { archiveId: bare.id })).toEqual(["bare"]);
      expect(await names(guest, ["ms:little OR ms:normal"], { archiveId: bare.id })).toEqual([]);
      expect(await names(guest, ["ms:none"])).toEqual(["bare"]);
    } finally {
      await db().deleteFrom("assets").where("id", "=", id).execute();
      ids.delete("bare");
    }
  });

  test("an inner wildcard matches inside one word", async () => {
    expect(await names(guest, ["su*et"])).toEqual(["sunrise", "sunset"]);
    expect(await names(guest, ["*rise"])).toEqual(["sunrise"]);
  });

  test("repeated q parameters are ANDed", async () => {
    expect(await names(guest, ["sunset", "5:sunrise"])).toEqual(["sunrise"]);
  });

  test("an invalid expression is refused with its message and position", () => {
    expect(() => parseQueries(["(sunset"])).toThrow(InvalidSearchExpressionError);
    try {
      parseQueries(["sunset AND"]);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidSearchExpressionError);
      expect((error as InvalidSearchExpressionError).message).toMatch(/AND/);
    }
  });

  test("an expression with SQL or FTS syntax in it is only text", async () => {
    expect(await names(guest, ['"sunset\') OR 1=1 --"'])).toEqual([]);
    expect(await names(guest, ['5:"NEAR(sunset fjord)"'])).toEqual([]);
    expect(await names(guest, ['"sunset" *'])).toEqual(["sunrise", "sunset"]);
  });
});

describe("who sees what", () => {
  test("the guest sees the open archive's ready assets only", async () => {
    expect(await names(guest, ["sunset"])).toEqual(["sunrise", "sunset"]);
  });

  test("a member filter narrows what that member sees", async () => {
    expect(await names(member, ["sunset"])).toEqual(["portrait", "sunrise", "sunset"]);
    expect(await names(member, [], { archiveId: narrowed.id })).toEqual(["portrait"]);
    expect(await findVisibleAsset(member, ids.get("landscape")!)).toBeNull();
    expect((await findVisibleAsset(member, ids.get("portrait")!))?.id).toBe(ids.get("portrait"));
  });

  test("Preview without View shows nothing, and hidden archives are left out", async () => {
    expect(await names(outsider, ["sunset"])).toEqual(["sunrise", "sunset"]);
    expect(await findVisibleAsset(outsider, ids.get("closed")!)).toBeNull();
    expect(await findVisibleAsset(outsider, ids.get("hidden")!)).toBeNull();
    expect(await findVisibleAsset(outsider, ids.get("landscape")!)).toBeNull();
  });

  test("the site owner sees every archive, hidden ones included, unfiltered", async () => {
    expect(await names(owner, ["sunset"])).toEqual([
      "closed",
      "hidden",
      "landscape",
      "portrait",
      "sunrise",
      "sunset",
    ]);
  });

  test("no viewer sees nothing; unfinished assets are never shown", async () => {
    expect(await names(null, ["sunset"])).toEqual([]);
    expect(await findVisibleAsset(owner, ids.get("processing")!)).toBeNull();
    expect(await findVisibleAsset(owner, ids.get("failed")!)).toBeNull();
    expect(await findVisibleAsset(owner, 999_999)).toBeNull();
  });

  test("counts per archive apply the same rules", async () => {
    const counts = await countByArchive(member, parseQueries(["sunset"]));
    expect(Object.fromEntries(counts)).toEqual({ [open.id]: 2, [narrowed.id]: 1 });
    const all = await countByArchive(owner, parseQueries(["sunset"]));
    expect(all.get(hidden.id)).toBe(1);
    expect(all.get(closed.id)).toBe(1);
  });

  test("a filter that no longer parses shows nothing rather than everything", async () => {
    await db()
      .updateTable("archive_members")
      .set({ auto_search: "(((" })
      .where("archive_id", "=", narrowed.id)
      .execute();
    try {
      expect(await names(member, [], { archiveId: narrowed.id })).toEqual([]);
    } finally {
      await db()
        .updateTable("archive_members")
        .set({ auto_search: "o:portrait" })
        .where("archive_id", "=", narrowed.id)
        .execute();
    }
  });
});

describe("keyset paging", () => {
  let pagingArchive: Archive;
  // Its own reader: the expression tests count every asset the guest sees, in any order.
  let pager: Viewer;
  beforeAll(async () => {
    pager = await createUser({ username: "pager", password: "pager-password-1", fullName: "P" });
    pagingArchive = await createArchive({
      name: "Paging",
      members: [{ type: "user", id: pager.id, permissions: ["View"], autoSearch: "" }],
    });
    // 53 assets whose sort values tie in groups, so the id must break ties.
    for (let i = 0; i < 53; i++) {
      await addAsset(pagingArchive, {
        file: `file-${i % 7}.jpg`,
        title: `Title ${i % 5}`,
        size: (i % 4) * 100,
        camera: i % 3 === 0 ? null : `2020-01-0${(i % 3) + 1}T00:00:00.000Z`,
        modified: i % 6 === 0 ? null : `2021-0${(i % 6) + 1}-01T00:00:00.000Z`,
        keywords: ["paging"],
      });
    }
  });

  async function walk(sort: string, from: "first" | "last", q: string[] = []) {
    const order = parseSort(sort)!;
    const seen: number[] = [];
    let page: PageRequest = { from };
    for (let guard = 0; guard < 20; guard++) {
      const result = await listAssets(
        base(pager, {
          archiveId: pagingArchive.id,
          search: parseQueries(q),
          sort: order,
          page,
          limit: 10,
        }),
      );
      const chunk = result.assets.map((a) => a.id);
      if (from === "first") seen.push(...chunk);
      else seen.unshift(...chunk);
      const next = from === "first" ? result.next : result.prev;
      if (!next) return seen;
      // Through the URL form, as a client follows paging links.
      const cursor = decodeCursor(encodeCursor(next));
      page = from === "first" ? { from: "after", cursor } : { from: "before", cursor };
    }
    throw new Error("paging did not end");
  }

  const sorts = SORT_KEYS.filter((k) => k !== "relevance").flatMap((k) => [k, `-${k}`]);
  test.each(sorts)("%s: forward and backward walks agree with one big page", async (sort) => {
    const all = await listAssets(
      base(pager, { archiveId: pagingArchive.id, sort: parseSort(sort)!, limit: 100 }),
    );
    const expected = all.assets.map((a) => a.id);
    expect(expected).toHaveLength(53);
    expect(await walk(sort, "first")).toEqual(expected);
    expect(await walk(sort, "last")).toEqual(expected);
  });

  // With a full-text term, SQLite drives the query from the index (decision 014).
  test.each(sorts)("%s: walks through a full-text search agree too", async (sort) => {
    const all = await listAssets(
      base(pager, {
        archiveId: pagingArchive.id,
        search: parseQueries(["paging -5:zzz"]),
        sort: parseSort(sort)!,
        limit: 100,
      }),
    );
    const expected = all.assets.map((a) => a.id);
    expect(expected).toHaveLength(53);
    expect(await walk(sort, "first", ["paging -5:zzz"])).toEqual(expected);
    expect(await walk(sort, "last", ["paging -5:zzz"])).toEqual(expected);
  });

  test("prev of the second page leads back to the first", async () => {
    const first = await listAssets(base(pager, { archiveId: pagingArchive.id, limit: 10 }));
    const second = await listAssets(
      base(pager, {
        archiveId: pagingArchive.id,
        limit: 10,
        page: { from: "after", cursor: first.next! },
      }),
    );
    expect(second.prev).not.toBeNull();
    const back = await listAssets(
      base(pager, {
        archiveId: pagingArchive.id,
        limit: 10,
        page: { from: "before", cursor: second.prev! },
      }),
    );
    expect(back.assets.map((a) => a.id)).toEqual(first.assets.map((a) => a.id));
    expect(back.prev).toBeNull();
  });

  test("relevance puts the better match first and pages by offset", async () => {
    const page = await listAssets(
      base(pager, {
        search: parseQueries(["sunset"]),
        sort: { key: "relevance", descending: true },
      }),
    );
    // "sunset" is in the title, keywords and file words of one, twice in the other's caption.
    expect(page.assets.map((a) => a.id).sort()).toEqual(
      [ids.get("sunset")!, ids.get("sunrise")!].sort(),
    );
    const paged = await listAssets(
      base(pager, {
        archiveId: pagingArchive.id,
        search: parseQueries(["paging"]),
        sort: { key: "relevance", descending: true },
        limit: 20,
      }),
    );
    expect(paged.assets).toHaveLength(20);
    const next = await listAssets(
      base(pager, {
        archiveId: pagingArchive.id,
        search: parseQueries(["paging"]),
        sort: { key: "relevance", descending: true },
        limit: 20,
        page: { from: "after", cursor: paged.next! },
      }),
    );
    const both = [...paged.assets, ...next.assets].map((a) => a.id);
    expect(new Set(both).size).toBe(40);
  });

  test("malformed cursors are refused", () => {
    for (const bad of [
      "",
      "x",
      "W10",
      Buffer.from('["a"]').toString("base64url"),
      "A".repeat(5000),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(InvalidCursorError);
    }
    expect(decodeCursor(encodeCursor({ v: "a'); drop table assets; --", i: 3 }))).toEqual({
      v: "a'); drop table assets; --",
      i: 3,
    });
  });

  test("a hostile cursor value is only a value", async () => {
    const result = await listAssets(
      base(pager, {
        archiveId: pagingArchive.id,
        sort: parseSort("name")!,
        page: { from: "after", cursor: { v: "'); drop table assets; --", i: 1 } },
      }),
    );
    expect(Array.isArray(result.assets)).toBe(true);
    expect(await db().selectFrom("assets").select("id").limit(1).execute()).toHaveLength(1);
  });
});
