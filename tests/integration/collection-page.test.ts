import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { collectionPage, folderLevel } from "~/models/collection/collection-page.server";
import { InvalidSearchExpressionError, parseSort } from "~/models/search/search.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { insertReadyAssets, type TestAsset } from "../helpers/grid-assets";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/* The models refuse with a Problem; these are the kinds the page's refusals have. */
const PageParamError = { name: "Problem", kind: "invalid" } as const;
const CollectionNotFoundError = { name: "Problem", kind: "not-found" } as const;

/*
 * The grid's page model on the dialect under test: keyset paging in every sort order (with ties
 * in every sort value) forwards and backwards, parameter errors, and who sees which archive.
 */

let testDb: TestDatabase;
let archive: Archive;
let filtered: Archive;
let hidden: Archive;
let assets: TestAsset[];
let member: Viewer;
let outsider: Viewer;
let owner: Viewer;

const N = 130;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const registered = (permissions: ("View" | "Preview")[], autoSearch = "") => ({
    type: "group" as const,
    id: REGISTERED_USERS_GROUP_ID,
    permissions,
    autoSearch,
  });
  archive = await createArchive({ name: "Paging", members: [registered(["View", "Preview"])] });
  filtered = await createArchive({
    name: "Filtered",
    members: [registered(["View", "Preview"], "o:portrait")],
  });
  hidden = await createArchive({
    name: "Hidden",
    isHidden: true,
    members: [{ type: "group", id: EVERYONE_GROUP_ID, permissions: ["View"], autoSearch: "" }],
  });
  assets = await insertReadyAssets(archive.id, N);
  await insertReadyAssets(archive.id, 3, { state: "processing" });
  await insertReadyAssets(filtered.id, 10);
  await insertReadyAssets(hidden.id, 2);
  member = await createUser({ username: "member", password: "member-password-1", fullName: "M" });
  outsider = await createUser({ username: "outsider", password: "outsider-pass-1", fullName: "O" });
  // The outsider's own archive, which the member must not see.
  await createArchive({
    name: "Outsider only",
    members: [{ type: "user", id: outsider.id, permissions: ["View"], autoSearch: "" }],
  });
  owner = (await db()
    .selectFrom("users")
    .select("id")
    .where("username", "=", TEST_ADMIN.username)
    .executeTakeFirstOrThrow()
    .then((r) => findUserById(r.id)))!;
});

afterAll(async () => {
  await testDb?.destroy();
});

const page = (viewer: Viewer, archiveId: number, query: string, limit = 60) =>
  collectionPage(viewer, archiveId, new URL(`http://arkiv.test${query}`), limit);

const follow = (link: string) => new URL(link, "http://arkiv.test");

function expectedOrder(sort: string): number[] {
  const { key, descending } = parseSort(sort)!;
  const value = (a: TestAsset): string | number => {
    switch (key) {
      case "name":
        return a.file_name;
      case "title":
        return a.title;
      case "modified":
        return a.modified_date ?? "";
      case "captured":
        return a.camera_date ?? "";
      case "size":
        return a.file_size;
      case "manual":
        return a.position;
      default:
        return a.id;
    }
  };
  const sorted = [...assets].sort((x, y) => {
    const [a, b] = [value(x), value(y)];
    const c = a < b ? -1 : a > b ? 1 : x.id - y.id;
    return descending ? -c : c;
  });
  return sorted.map((a) => a.id);
}

const SORTS = ["added", "name", "title", "modified", "captured", "size", "manual"].flatMap((s) => [
  s,
  `-${s}`,
]);

describe("keyset paging", () => {
  test.each(SORTS)(
    "s=%s: next to the end, then prev from the last page to the start",
    async (s) => {
      const expected = expectedOrder(s);
      const seen: number[] = [];
      let result = await page(member, archive.id, `${archive.href}?s=${s}&n=25`);
      expect(result.paging.prev).toBeNull();
      for (let guard = 0; ; guard++) {
        expect(guard).toBeLessThan(10);
        seen.push(...result.assets.map((a) => a.id));
        if (!result.paging.next) break;
        const next = follow(result.paging.next);
        // Links keep the list's parameters and change only the cursor.
        expect(next.searchParams.get("s")).toBe(s);
        expect(next.searchParams.get("n")).toBe("25");
        result = await collectionPage(member, archive.id, next, 60);
      }
      expect(seen).toEqual(expected);

      const back: number[] = [];
      result = await collectionPage(member, archive.id, follow(result.paging.last), 60);
      expect(result.paging.next).toBeNull();
      expect(result.assets.map((a) => a.id)).toEqual(expected.slice(-25));
      for (let guard = 0; ; guard++) {
        expect(guard).toBeLessThan(10);
        back.unshift(...result.assets.map((a) => a.id));
        if (!result.paging.prev) break;
        result = await collectionPage(member, archive.id, follow(result.paging.prev), 60);
      }
      expect(back).toEqual(expected);
    },
  );

  test("the first link drops the cursor and keeps q, s and folder", async () => {
    const first = await page(member, archive.id, `${archive.href}?s=name&n=10`);
    const second = await collectionPage(member, archive.id, follow(first.paging.next!), 60);
    const url = follow(second.paging.first);
    expect(url.searchParams.get("after")).toBeNull();
    expect(url.searchParams.get("s")).toBe("name");
    const prev = await collectionPage(member, archive.id, follow(second.paging.prev!), 60);
    expect(prev.assets.map((a) => a.id)).toEqual(first.assets.map((a) => a.id));
  });

  test("processing assets are not listed, and the page size defaults as asked", async () => {
    const result = await page(member, archive.id, archive.href, 60);
    expect(result.assets).toHaveLength(60);
    expect(result.assets.every((a) => assets.some((t) => t.id === a.id))).toBe(true);
  });
});

describe("bad parameters", () => {
  test.each([
    ["after=garbage", PageParamError],
    ["after=WzEsMl0&before=WzEsMl0", PageParamError],
    ["n=0", PageParamError],
    ["n=201", PageParamError],
    ["n=10000", PageParamError],
    ["n=abc", PageParamError],
    ["s=evil", PageParamError],
    ["s=name&s=title", PageParamError],
    ["last=2", PageParamError],
    ["folder=..%2Fetc", PageParamError],
    ["folder=a%00b", PageParamError],
    ["after=A…(3000 characters)", PageParamError],
    ["q=%22unclosed", InvalidSearchExpressionError],
    ["dt=photograph", PageParamError],
    ["pwf=900&pwt=100", PageParamError],
    ["q=a…(3000 characters)", InvalidSearchExpressionError],
  ])("%s is refused", async (label, error) => {
    const query = label.replace(
      /(\w+)=(\w)…\((\d+) characters\)/,
      (_, k: string, c: string, n: string) => `${k}=${c.repeat(Number(n))}`,
    );
    const refused = expect(page(member, archive.id, `${archive.href}?${query}`)).rejects;
    await (typeof error === "function"
      ? refused.toBeInstanceOf(error)
      : refused.toMatchObject(error));
  });

  test("advanced search parameters narrow the page and travel on as expressions", async () => {
    const all = await page(member, archive.id, `${archive.href}?n=200`);
    const none = await page(member, archive.id, `${archive.href}?dt=movie&n=200`);
    expect(all.assets.length).toBeGreaterThan(0);
    expect(none.assets).toHaveLength(0);
    const images = await page(member, archive.id, `${archive.href}?dt=image&s=name&n=200`);
    expect(images.assets).toHaveLength(all.assets.filter((a) => a.doctype === "image").length);
    expect(images.paging.first).toContain("q=dt%3Aimage");
    expect(images.paging.first).toContain("s=name");
  });

  test("a cursor of the wrong type for the sort order is refused, not a 500", async () => {
    const cursor = Buffer.from(JSON.stringify([{ x: 1 }, 1])).toString("base64url");
    await expect(page(member, archive.id, `${archive.href}?after=${cursor}`)).rejects.toMatchObject(
      PageParamError,
    );
    // Text where the order is numeric, and a number where it is text.
    const text = Buffer.from(JSON.stringify(["abc", 1])).toString("base64url");
    const number = Buffer.from(JSON.stringify([5, 1])).toString("base64url");
    for (const query of [
      `s=size&after=${text}`,
      `s=-added&before=${text}`,
      `s=name&after=${number}`,
    ])
      await expect(page(member, archive.id, `${archive.href}?${query}`)).rejects.toMatchObject(
        PageParamError,
      );
  });
});

describe("who sees the archive", () => {
  test("another user's archive, a missing one and a hidden one are all not found", async () => {
    const theirs = await db()
      .selectFrom("archives")
      .select("id")
      .where("name", "=", "Outsider only")
      .executeTakeFirstOrThrow();
    for (const id of [theirs.id, 999_999, hidden.id, null]) {
      await expect(page(member, id as number, "/x")).rejects.toMatchObject(CollectionNotFoundError);
    }
    expect((await page(owner, hidden.id, hidden.href)).assets).toHaveLength(2);
    expect((await page(outsider, theirs.id, "/x")).assets).toHaveLength(0);
  });

  test("a member's filter narrows the listing", async () => {
    const result = await page(member, filtered.id, filtered.href);
    expect(result.assets).toHaveLength(5);
    expect(result.assets.every((a) => a.attributes.imageattributes!.pixelheight > 200)).toBe(true);
    expect((await page(owner, filtered.id, filtered.href)).assets).toHaveLength(10);
  });

  test("a search narrows within the archive; a folder lists its own assets", async () => {
    const folder = await db()
      .insertInto("folders")
      .values({
        archive_id: archive.id,
        parent_id: null,
        name: "2024",
        path: "2024",
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sub = await db()
      .insertInto("folders")
      .values({
        archive_id: archive.id,
        parent_id: folder.id,
        name: "Lofoten",
        path: "2024/Lofoten",
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const inFolder = await insertReadyAssets(archive.id, 2, { folderId: sub.id });
    const result = await page(member, archive.id, `${archive.href}?folder=2024%2FLofoten`);
    expect(result.assets.map((a) => a.id).sort()).toEqual(inFolder.map((a) => a.id).sort());
    const level = await folderLevel(archive.id, "2024");
    expect(level.children.map((c) => c.name)).toEqual(["Lofoten"]);
    await expect(page(member, archive.id, `${archive.href}?folder=nope`)).rejects.toMatchObject(
      CollectionNotFoundError,
    );
    const portrait = await page(member, archive.id, `${archive.href}?q=o%3Aportrait&n=200`);
    expect(portrait.assets.length).toBeGreaterThan(0);
    expect(portrait.assets.every((a) => a.attributes.imageattributes!.pixelheight === 300)).toBe(
      true,
    );
    // Cleanup keeps the paging tests' data as it was.
    await db().deleteFrom("assets").where("folder_id", "=", sub.id).execute();
  });
});
