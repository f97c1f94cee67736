import type { Page, TestInfo } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { ALERTS_ARCHIVE, ALERTS_LIGHT, ALERTS_NONE, alertsUser, SEEDED_ALERT_TEXT } from "./alerts";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { PASSWORD } from "./users";

/*
 * Alerts (spec 002 "Alert creation", spec 001 "Alerts list", spec 000 "Alerts popover";
 * decision 062) with JavaScript on and off: create an alert from an archive search and see it
 * confirmed, open the list, edit the interval, delete it; the header menu's rule; axe on the list
 * and with the menu open, in both themes.
 */

// A project's tests share its user's alerts list: side by side, one test's change re-rendered the
// other's page between its error and its next click (seen in CI), so they take turns.
test.describe.configure({ mode: "serial" });

const LIST = "/fotoweb/me/alerts/";

async function archiveHref(page: Page): Promise<string> {
  const list = await readPlaywrightJson<{ data: { name: string; href: string }[] }>(
    await page.request.get("/fotoweb/me/archives/", { headers: { accept: "application/json" } }),
  );
  return list.data.find((a) => a.name === ALERTS_ARCHIVE)!.href;
}

const projectOf = (info: TestInfo) => info.project.name;

test("create an alert from a search, see it confirmed, edit its interval, delete it", async ({
  page,
  open,
}, info) => {
  const text = `harbour ${projectOf(info)} boats at dawn with a very long tail of words`;
  await signInQuietly(page, alertsUser(projectOf(info)), PASSWORD);
  const href = await archiveHref(page);
  await open(`${href}?q=${encodeURIComponent(text)}`);
  const shown = `Alert created for “${[...text].slice(0, 50).join("")}…”`;
  await page.getByTestId("create-alert").click();
  if (hasJs(info)) {
    const confirmation = page.getByTestId("alert-created");
    await expect(confirmation).toContainText(shown);
    await expect(confirmation.getByRole("link", { name: "Modify" })).toBeVisible();
    // It closes by itself after five seconds.
    await expect(confirmation).toBeHidden({ timeout: 8_000 });
  } else {
    await expectToast(page, shown);
  }

  await open(LIST);
  const row = page.getByRole("listitem").filter({ hasText: text });
  await expect(row).toContainText("Every day");
  await expect(row).toContainText(ALERTS_ARCHIVE);
  await row.getByRole("link", { name: /^Edit the alert/ }).click();
  await expect(page).toHaveURL(/\?edit=\d+/);
  const form = page.getByRole("form", { name: /^Edit the alert/ });
  if (hasJs(info)) {
    await form.getByRole("button", { name: /Interval/ }).click();
    await page.getByRole("option", { name: "Every week" }).click();
  } else {
    await form.getByRole("combobox", { name: "Interval" }).selectOption("every_week");
  }
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Alert saved.");
  const saved = page.getByRole("listitem").filter({ hasText: text });
  await expect(saved).toContainText("Every week");

  await saved.getByRole("button", { name: /^Delete the alert/ }).click();
  await expectToast(page, "Alert deleted.");
  await expect(page.getByRole("listitem").filter({ hasText: text })).toHaveCount(0);
});

test("an invalid search is refused by its field; cancel leaves edit mode", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, alertsUser(projectOf(info)), PASSWORD);
  const href = await archiveHref(page);
  const made = await page.request.post(LIST, {
    headers: { accept: "application/json", "content-type": "application/json" },
    data: { collection: href, interval: "every_day", dtSearchString: `refuse ${projectOf(info)}` },
  });
  const alert = await readPlaywrightJson<{ id: string; href: string }>(made, "POST");
  await open(`${LIST}?edit=${alert.id}`);
  const form = page.getByRole("form", { name: /^Edit the alert/ });
  await form.getByRole("textbox", { name: "Search" }).fill('title:"open');
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/Unknown search field title/)).toBeVisible();
  // The failed save has settled at its own address (with JavaScript the router shows the error
  // before it commits the address; a click in between was lost with its re-render).
  await expect(page).toHaveURL(/\?index&edit=\d+$/);
  // Leaving the field validates it again, and the message under it goes: a press on Cancel that
  // starts the blur would end on the moved page (seen with a shorter header), so leave it first.
  await form.getByRole("textbox", { name: "Search" }).blur();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByRole("form", { name: /^Edit the alert/ })).toHaveCount(0);
  await page.request.delete(alert.href, { headers: { accept: "application/json" } });
});

test("the alerts menu and the button show only with the Alert permission", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ALERTS_NONE, PASSWORD);
  const href = await archiveHref(page);
  await open(`${href}?q=harbour`);
  await expect(page.getByTestId("create-alert")).toHaveCount(0);
  await expect(page.getByTestId("alerts-menu")).toHaveCount(0);

  await page.context().clearCookies();
  await signInQuietly(page, ALERTS_LIGHT, PASSWORD);
  await open("/fotoweb/archives/");
  const menu = page.getByTestId("alerts-menu");
  await menu.click();
  if (hasJs(info)) {
    const popover = page.getByRole("menu", { name: "Alerts" });
    await expect(popover.getByRole("menuitem", { name: /seeded <b>harbour<\/b>/ })).toBeVisible();
    await popover.getByRole("menuitem", { name: "Manage alerts" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await expect(page.getByText(`"${SEEDED_ALERT_TEXT}"`)).toBeVisible();
});

test("the alerts list and menu have no serious accessibility violations", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ALERTS_LIGHT, PASSWORD);
  await open(LIST);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expectAccessible(page, info, "alerts list");
  await page.getByRole("link", { name: /^Edit the alert/ }).click();
  await expect(page.getByRole("form", { name: /^Edit the alert/ })).toBeVisible();
  await expectAccessible(page, info, "alerts list, edit mode");
  if (hasJs(info)) {
    await page.getByTestId("alerts-menu").click();
    await expect(page.getByRole("menu", { name: "Alerts" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: /seeded/ })).toBeVisible();
    await expectAccessible(page, info, "alerts menu open");
  }
});
