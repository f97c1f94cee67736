import { afterAll, beforeAll, expect, test } from "vitest";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { collectionPage } from "~/models/collection/collection-page.server";
import { searchTimeZoneOf } from "~/models/search/search-zone.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site/site.server";
import { createUser, findUserById, patchPreferences } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { insertReadyAssets, type TestAsset } from "../helpers/grid-assets";

/*
 * A search's written dates are read in the searcher's time zone (issue 32, decision 105): the
 * zone they chose, else the site's. The seeded assets were modified at 10:00 UTC on 1, 2 and 3
 * January 2024; at UTC+14 (Kiritimati) 10:00 UTC is already midnight of the next day.
 */

let testDb: TestDatabase;
let archive: Archive;
let assets: TestAsset[];
let islander: Viewer;
let londoner: Viewer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  archive = await createArchive({
    name: "Dates",
    members: [
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  assets = await insertReadyAssets(archive.id, 12);
  const a = await createUser({ username: "islander", password: "islander-pass-1", fullName: "I" });
  await patchPreferences(a.id, { intranet: { timeZone: "Pacific/Kiritimati" } });
  islander = (await findUserById(a.id))!;
  const b = await createUser({ username: "londoner", password: "londoner-pass-1", fullName: "L" });
  londoner = (await findUserById(b.id))!;
});

afterAll(async () => {
  await testDb?.destroy();
});

const modifiedOn = (day: string) =>
  assets
    .filter((a) => a.modified_date?.startsWith(day))
    .map((a) => a.id)
    .sort((x, y) => x - y);

async function found(viewer: Viewer, q: string) {
  const url = new URL(`http://arkiv.test${archive.href}?q=${encodeURIComponent(q)}`);
  const page = await collectionPage(viewer, archive.id, url, 100);
  return page.assets.map((a) => a.id).sort((x, y) => x - y);
}

test("the zone a person chose, else the site's", async () => {
  expect(await searchTimeZoneOf(islander)).toBe("Pacific/Kiritimati");
  expect(await searchTimeZoneOf(londoner)).toBe((await getSiteSettings()).timeZone);
  expect(await searchTimeZoneOf(null)).toBe((await getSiteSettings()).timeZone);
});

test("the same day written finds a different day's assets at UTC+14", async () => {
  await updateSiteSettings({ ...(await getSiteSettings()), timeZone: "UTC" });
  expect(modifiedOn("2024-01-01").length).toBeGreaterThan(0);
  expect(await found(londoner, "mt:2024-01-02")).toEqual(modifiedOn("2024-01-02"));
  expect(await found(islander, "mt:2024-01-02")).toEqual(modifiedOn("2024-01-01"));
  // A written offset means what it says, whoever reads it.
  expect(await found(islander, "mt:2024-01-02T10:00:00Z")).toEqual(modifiedOn("2024-01-02"));
});

test("without a choice of their own, a person searches in the site's zone", async () => {
  await updateSiteSettings({ ...(await getSiteSettings()), timeZone: "Pacific/Kiritimati" });
  try {
    expect(await found(londoner, "mt:2024-01-02")).toEqual(modifiedOn("2024-01-01"));
  } finally {
    await updateSiteSettings({ ...(await getSiteSettings()), timeZone: "UTC" });
  }
});
