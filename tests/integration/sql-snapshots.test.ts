import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, useDatabase } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { visibleArchives, visibleCondition } from "~/models/access/access.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import {
  countAssets,
  listAssets,
  parseQueries,
  type AssetQuery,
} from "~/models/search/search.server";
import { activeFilters } from "~/models/smart-folder/navigation.server";
import { createItem, createTaxonomy } from "~/models/taxonomy/taxonomy-write.server";
import { itemBranchQuery } from "~/models/taxonomy/taxonomy.server";
import { createUser, findUserById } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, dialectUnderTest, type TestDatabase } from "../helpers/database";

/*
 * The SQL of the queries that matter most, on the dialect under test, kept beside the tests
 * (__snapshots__/sql/<dialect>/): what a viewer may see, the archive listing in its sort orders
 * and pages, and search. A change to any of them shows in review as a change to these files;
 * the behaviour itself is search.test.ts's and access-holes.test.ts's to prove.
 */

const dialect = dialectUnderTest();
let database: TestDatabase;
let owner: Viewer;
let member: Viewer;
let filtered: Archive;
let open: Archive;
let navigated: Archive;
let reader: Viewer;
let broader: number;

/** One clause a line, so a change reads as a change to that clause. */
function readable({ sql, parameters }: CompiledQuery): string {
  const text = sql.replace(
    / (from|inner join|cross join|left join|where|and|or|order by|limit|offset) /g,
    "\n$1 ",
  );
  return `${text}\n-- parameters: ${JSON.stringify(parameters)}\n`;
}

const snapshot = (name: string, compiled: CompiledQuery) =>
  expect(readable(compiled)).toMatchFileSnapshot(`./__snapshots__/sql/${dialect}/${name}.sql`);

async function listingSql(query: Partial<AssetQuery> & { viewer: Viewer | null }) {
  let seen: CompiledQuery | undefined;
  await listAssets(
    {
      search: [],
      sort: { key: "added", descending: true },
      page: { from: "first" },
      limit: 25,
      ...query,
    },
    (compiled) => (seen = compiled),
  );
  if (!seen) throw new Error("listAssets ran no query");
  return seen;
}

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabase(database.handle);
  const person = await createUser({ username: "sql-member", password: "sql-member-password" });
  member = (await findUserById(person.id))!;
  owner = (await findUserById(1))!;
  // An archive anyone registered sees whole, and one whose member entry and own auto-search
  // filter narrow what the member sees: the visibility condition's two shapes.
  open = await createArchive({
    name: "SQL open",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  filtered = await createArchive({
    name: "SQL filtered",
    config: { AutoSearch: "harbour" },
    members: [
      { type: "user", id: member.id, permissions: ["View", "Preview"], autoSearch: "ferry" },
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  // A keyword taxonomy whose broader term has two narrower ones, the pane's filter on it. A
  // reader of its own sees this archive, so the member's snapshots keep their archive list.
  const person2 = await createUser({ username: "sql-reader", password: "sql-reader-password" });
  reader = (await findUserById(person2.id))!;
  navigated = await createArchive({
    name: "SQL navigated",
    config: { NavigationPaneControl: { SearchTreeFields: [25] } } as never,
    members: [{ type: "user", id: reader.id, permissions: ["View", "Preview"], autoSearch: "" }],
  });
  await createTaxonomy(25, { pluralName: "Keywords" });
  broader = (await createItem(25, null, { name: "Boats" })).id;
  await createItem(25, broader, { name: "Ferries" });
  await createItem(25, broader, { name: "Sail boats", value: "sail boat" });
});

afterAll(async () => {
  await database.destroy();
});

describe(`the SQL on ${dialect}`, () => {
  test("what a member may see: an open archive and a filtered one", async () => {
    const access = await visibleArchives(member, [open.id, filtered.id]);
    await snapshot(
      "visibility-member",
      db()
        .selectFrom("assets")
        .select("assets.id")
        .where((eb) => visibleCondition(eb, access))
        .compile(),
    );
  });

  test("what nobody signed in may see", async () => {
    const access = await visibleArchives(null, [open.id, filtered.id]);
    await snapshot(
      "visibility-guest",
      db()
        .selectFrom("assets")
        .select("assets.id")
        .where((eb) => visibleCondition(eb, access))
        .compile(),
    );
  });

  test("an archive's first page, newest first", async () => {
    await snapshot("listing-newest", await listingSql({ viewer: member, archiveId: open.id }));
  });

  test("an archive's next page by file name", async () => {
    await snapshot(
      "listing-name-after",
      await listingSql({
        viewer: member,
        archiveId: open.id,
        sort: { key: "name", descending: false },
        page: { from: "after", cursor: { v: "harbour.jpg", i: 40 } },
      }),
    );
  });

  test("a numbered page of every archive, largest first", async () => {
    await snapshot(
      "listing-size-offset",
      await listingSql({
        viewer: owner,
        sort: { key: "size", descending: true },
        page: { from: "offset", offset: 50 },
      }),
    );
  });

  test("a search for words, a prefix and an excluded word", async () => {
    await snapshot(
      "search-words",
      await listingSql({ viewer: member, search: parseQueries(["harbour boat* -night"]) }),
    );
  });

  test("a search by relevance with a field and a range", async () => {
    await snapshot(
      "search-relevance-fields",
      await listingSql({
        viewer: member,
        search: parseQueries(["fn:harbour* AND (pw:6000 OR 25:ferry) AND fs:* TO 1MB"]),
        sort: { key: "relevance", descending: false },
      }),
    );
  });

  test("the branch of a taxonomy item: the item and every item below it (issue 31)", async () => {
    await snapshot("taxonomy-branch", itemBranchQuery({ id: broader, field: 25 }).compile());
  });

  test("the grid narrowed by a broader taxonomy term: its branch's values ORed (issue 31)", async () => {
    const active = await activeFilters(navigated, { sf: null, tx: String(broader) });
    await snapshot(
      "search-taxonomy-branch",
      await listingSql({ viewer: reader, archiveId: navigated.id, search: active.search }),
    );
  });

  test("the capped count of a search", async () => {
    let compiled: CompiledQuery | undefined;
    await countAssets(
      { viewer: member, search: parseQueries(["harbour"]) },
      1001,
      (query) => (compiled = query),
    );
    await snapshot("count-search", compiled!);
  });
});
