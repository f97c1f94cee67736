import type { Page, TestInfo } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
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
import { L10N_ALBUM_FRIEND, L10N_ALBUMS, l10nAlbumOwner } from "./l10n-album";
import { PASSWORD } from "./users";

/*
 * An album shared in Norwegian (issue 32, decision 101), JavaScript on and off: the browser asks
 * for nb-NO, so the owner's album page speaks Bokmål; he shares it with a person on its sharing
 * page and makes a public link, each with its toast in Norwegian; a visitor whose browser asks
 * for Norwegian too opens the link and reads the shared album in Norwegian. axe checks the
 * Norwegian pages.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 120_000 });

const FULL_DESCRIPTOR = "application/vnd.fotoware.full-api-descriptor+json";

/** The album's page, by the owner's id from his descriptor. */
async function albumPageOf(page: Page, albumId: number) {
  const response = await page.request.get("/fotoweb/me/", { headers: { Accept: FULL_DESCRIPTOR } });
  const me = await readPlaywrightJson<{ user: { userId: number } }>(response);
  return `/fotoweb/users/${me.user.userId}/albums/${albumId}/`;
}

/** Picks the person and shares: the picker with JavaScript, the people search without. */
async function shareWithFriend(page: Page, info: TestInfo) {
  const form = page.getByRole("form", { name: "Del albumet" });
  if (hasJs(info)) {
    await form.getByRole("combobox", { name: "Del med" }).fill("Alice");
    await page.getByRole("option", { name: new RegExp(L10N_ALBUM_FRIEND) }).click();
  } else {
    const people = page.getByRole("search", { name: "Søk etter personer" });
    await people.getByRole("searchbox", { name: "Søk etter personer og grupper" }).fill("Alice");
    await people.getByRole("button", { name: "Søk etter personer" }).click();
    await form
      .getByRole("radio", { name: new RegExp(L10N_ALBUM_FRIEND) })
      .locator("xpath=ancestor::label[1]")
      .click();
  }
  await choose(form, "Se");
  await form.getByRole("button", { name: "Del", exact: true }).click();
}

test("an album shared in Norwegian: its page, a share, a public link and its visitor", async ({
  page,
  open,
  browser,
}, info) => {
  const project = info.project.name;
  const album = L10N_ALBUMS[project]!;
  await signInQuietly(page, l10nAlbumOwner(project), PASSWORD);
  await open(await albumPageOf(page, album.id));
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page.getByRole("heading", { level: 1, name: album.name })).toBeVisible();
  const facts = page.getByRole("list", { name: "Om dette albumet" });
  await expect(facts).toContainText(`Album av Album Norsk ${project}`);
  await expect(facts).toContainText("3 ressurser");
  await expect(facts).toContainText("Ditt");
  await expect(page.getByRole("button", { name: "Fjern fra albumet" })).toBeVisible();
  if (hasJs(info))
    await expect(page.getByRole("button", { name: "Albumhandlinger" })).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Albumhandlinger" })).toBeVisible();
  await expectAccessible(page, info, "an album's page in Norwegian", {
    served: true,
    rules: ["label-content-name-mismatch"],
  });

  // The sharing page, reached from the album's "Shared with" section.
  await page.getByRole("link", { name: "Del albumet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Del ${album.name}` })).toBeVisible();
  await waitForHydration(page, info);
  await shareWithFriend(page, info);
  await expectToast(page, `${album.name} er delt med ${L10N_ALBUM_FRIEND}.`);
  const list = page.getByRole("list", { name: "Delt med" });
  await expect(list.getByText(L10N_ALBUM_FRIEND)).toBeVisible();
  await expect(list.getByText("Bruker · Kan se")).toBeVisible();
  await expectAccessible(page, info, "the sharing page in Norwegian", {
    served: true,
    rules: ["label-content-name-mismatch"],
  });

  // A public link with preview downloads.
  await page.getByRole("link", { name: "Administrer offentlige lenker" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Offentlige lenker til ${album.name}` }),
  ).toBeVisible();
  await waitForHydration(page, info);
  const form = page.getByRole("form", { name: "Ny lenke" });
  await form.getByLabel("Etikett").fill("Til familien");
  await form.getByLabel("Utløper (UTC)").fill("2099-12-31T12:00");
  await choose(form, "Forhåndsvisninger");
  await form.getByRole("button", { name: "Opprett lenke" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Offentlig lenke: Til familien" }),
  ).toBeVisible();
  await expectToast(
    page,
    "Lenken er opprettet. Kopier den og send den til dem som skal se albumet.",
  );
  // The expiry in the reader's zone (the site's, UTC), named.
  await expect(page.getByText(/31\.? des\.? 2099,? 12[:.]00 UTC/)).toBeVisible();
  await waitForHydration(page, info);
  const url = await page.getByTestId("share-link-url").inputValue();
  expect(url).toMatch(/\/fotoweb\/shared\/[A-Za-z0-9_-]{32}$/);

  // The visitor: a browser of his own asking for Norwegian, no account.
  const context = await browser.newContext({
    locale: "nb-NO",
    javaScriptEnabled: hasJs(info),
  });
  try {
    const visitor = await context.newPage();
    await visitor.goto(url);
    await waitForHydration(visitor, info);
    await expect(visitor.locator("html")).toHaveAttribute("lang", "nb");
    await expect(visitor.getByRole("heading", { name: album.name })).toBeVisible();
    await expect(visitor.getByText(`Delt av Album Norsk ${project}`)).toBeVisible();
    await expect(visitor.getByTestId("shared-tile")).toHaveCount(3);
    await expect(
      visitor.getByRole("link", { name: /^Last ned en forhåndsvisning av / }),
    ).toHaveCount(3);
    await expect(visitor.getByRole("link", { name: /^Last ned originalen/ })).toHaveCount(0);
    // Its download links name the file besides their text: checked with the usual rules.
    await expectAccessible(visitor, info, "a public link's album in Norwegian", { served: true });
    await visitor.getByTestId("shared-tile").first().getByRole("link").first().click();
    await expect(visitor.getByRole("link", { name: `Tilbake til ${album.name}` })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Last ned forhåndsvisning" })).toBeVisible();
  } finally {
    await context.close();
  }
});
