import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { PASSWORD } from "./users";
import {
  SHARING_A11Y,
  sharingAlbum,
  sharingCrewMember,
  sharingFriend,
  sharingGroup,
  sharingOwner,
} from "./albums-sharing";
import {
  choose,
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * Sharing an album with people (decision 055), JavaScript on and off: the owner shares with a
 * user and with a group on the sharing page, the people reached may open the album (and are
 * refused its sharing page, which is the owner's), and once the share is removed the album is
 * gone for them: 404. axe on the sharing page in light and dark.
 */

const DATABASE = path.join(
  os.tmpdir(),
  `arkiv-e2e-${process.env.E2E_PORT ?? 3111}`,
  "arkiv.sqlite",
);

/** The album's URL and its sharing page, read from the seeded database by its unique name. */
function albumUrls(name: string) {
  const sqlite = new SQLite(DATABASE, { readonly: true });
  try {
    const row = sqlite.prepare("select id, owner_id from albums where name = ?").get(name) as {
      id: number;
      owner_id: number;
    };
    const album = `/fotoweb/users/${row.owner_id}/albums/${row.id}/`;
    return { album, shares: `${album}.shares/` };
  } finally {
    sqlite.close();
  }
}

const projectOf = (info: TestInfo) => info.project.name;

async function signedInPage(browser: Browser, info: TestInfo, username: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: hasJs(info),
  });
  const page = await context.newPage();
  await signInQuietly(page, username, PASSWORD);
  return page;
}

/** Picks a person or group and shares: the picker with JavaScript, the search without. */
async function share(page: Page, info: TestInfo, search: string, option: RegExp, access: string) {
  const form = page.getByRole("form", { name: "Share the album" });
  if (hasJs(info)) {
    await form.getByRole("combobox", { name: "Share with" }).fill(search);
    await page.getByRole("option", { name: option }).click();
  } else {
    const people = page.getByRole("search", { name: "Search people" });
    await people.getByRole("searchbox", { name: "Search people and groups" }).fill(search);
    await people.getByRole("button", { name: "Search people" }).click();
    await form.getByRole("radio", { name: option }).locator("xpath=ancestor::label[1]").click();
  }
  await choose(form, access);
  await form.getByRole("button", { name: "Share", exact: true }).click();
}

test("the owner shares with a user and a group, then removes the user", async ({
  page,
  open,
  browser,
}, info) => {
  const project = projectOf(info);
  const urls = albumUrls(sharingAlbum(project));
  await signInQuietly(page, sharingOwner(project), PASSWORD);
  await open(urls.shares);
  await expect(page.getByRole("heading", { name: `Share ${sharingAlbum(project)}` })).toBeVisible();
  await expect(page.getByText("This album is not shared with anyone yet.")).toBeVisible();

  await share(page, info, sharingFriend(project), new RegExp(`Sharing Friend ${project}`), "View");
  if (hasJs(info)) await expectToast(page, /is shared with Sharing Friend/);
  const list = page.getByRole("list", { name: "Shared with" });
  await expect(list.getByText(`Sharing Friend ${project}`)).toBeVisible();

  await waitForHydration(page, info);
  await share(
    page,
    info,
    sharingGroup(project),
    new RegExp(sharingGroup(project)),
    "View and add assets (contribute)",
  );
  await expect(list.getByText(sharingGroup(project))).toBeVisible();
  await expect(list.getByText("Can view and add")).toBeVisible();

  // The people reached: the album opens for them; its sharing page is the owner's alone.
  const friend = await signedInPage(browser, info, sharingFriend(project));
  const crew = await signedInPage(browser, info, sharingCrewMember(project));
  for (const sharee of [friend, crew]) expect((await sharee.goto(urls.shares))!.status()).toBe(403);
  // The album page is the album view part's: checked here once it answers for its owner.
  const albumPage = await page.request.get(urls.album);
  if (albumPage.status() === 200) {
    for (const sharee of [friend, crew]) {
      const opened = await sharee.goto(urls.album);
      expect(opened!.status()).toBe(200);
      await expect(sharee.getByText(sharingAlbum(project)).first()).toBeVisible();
    }
  } else info.annotations.push({ type: "note", description: "album page not present yet" });

  await open(urls.shares);
  await list.getByRole("button", { name: `Remove Sharing Friend ${project}` }).click();
  await expect(list.getByText(`Sharing Friend ${project}`)).toHaveCount(0);
  await expect(list.getByText(sharingGroup(project))).toBeVisible();

  expect((await friend.goto(urls.shares))!.status()).toBe(404);
  expect((await friend.goto(urls.album))!.status()).toBe(404);
  expect((await crew.goto(urls.shares))!.status()).toBe(403);
  await friend.context().close();
  await crew.context().close();
});

test("a share without a choice is refused by its field", async ({ page, open }, info) => {
  const project = projectOf(info);
  const urls = albumUrls(sharingAlbum(project));
  await signInQuietly(page, sharingOwner(project), PASSWORD);
  await open(urls.shares);
  const form = page.getByRole("form", { name: "Share the album" });
  await form.getByRole("button", { name: "Share", exact: true }).click();
  await expect(form.getByText("Choose a person or a group to share with.")).toBeVisible();
});

for (const { username, album } of SHARING_A11Y) {
  test(`the sharing page of ${username} has no serious accessibility violations`, async ({
    page,
    open,
  }, info) => {
    await signInQuietly(page, username, PASSWORD);
    await open(albumUrls(album).shares);
    await expect(page.getByRole("list", { name: "Shared with" })).toBeVisible();
    await expectAccessible(page, info, `sharing page (${username})`);
  });
}
