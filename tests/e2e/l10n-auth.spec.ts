import { PASSWORD } from "./users";
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
 * The log-on and password pages in Norwegian (issue 32): Chromium asks for nb-NO, so a person
 * who chose nothing gets Bokmål. The same story in English is auth.spec.ts's and password.spec.ts's.
 */

test.use({ locale: "nb-NO" });

const LOGIN = "/fotoweb/views/login";

test("a person logs on in Norwegian: a wrong password is refused, the right one signs in, then logs out", async ({
  page,
  open,
}, info) => {
  await open(LOGIN);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Logg på | Arkiv");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Logg på", level: 1 })).toBeVisible();
  await expect(main.getByRole("note")).toContainText("Denne tilkoblingen er ikke sikker");
  await expect(main.getByRole("radiogroup", { name: "Logg på som" })).toBeVisible();
  await expect(main.getByRole("radio", { name: "Gjest" })).toBeChecked();
  await expect(main.getByRole("link", { name: "Glemt passordet?" })).toBeVisible();
  await expectAccessible(page, info, "the log-on page in Norwegian", { served: true });

  await choose(main, "Bruker");
  await main.getByLabel("Brukernavn").fill("alice");
  await main.getByLabel("Passord", { exact: true }).fill("not-her-password");
  await main.getByRole("button", { name: "OK" }).click();
  await expect(main.getByRole("alert")).toHaveText("Feil brukernavn eller passord.");
  await expect(page).toHaveURL(/\/fotoweb\/views\/login/);
  await expect(main.getByRole("radio", { name: "Bruker" })).toBeChecked();
  await expect(main.getByLabel("Brukernavn")).toHaveValue("alice");

  await main.getByLabel("Passord", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL("/fotoweb/");
  await expectToast(page, "Velkommen, Alice Light.");
  await expect(page.getByTestId("user-menu")).toBeVisible();

  await open("/fotoweb/views/logout");
  await expect(page).toHaveTitle("Logg ut | Arkiv");
  await expect(main.getByRole("heading", { name: "Logg ut", level: 1 })).toBeVisible();
  await expect(main).toContainText("Vil du avslutte økten i denne nettleseren?");
  await main.getByRole("button", { name: "Logg ut" }).click();
  await expect(page).toHaveURL("/fotoweb/");
  await expectToast(page, "Du er logget ut.");
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
});

test("the change-password page is in Norwegian and refuses a wrong current password in it", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/views/change-password");
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Endre passord | Arkiv");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Endre passord", level: 1 })).toBeVisible();
  await expect(main).toContainText("Minst 8 tegn.");

  // A wrong current password changes nothing (alice is shared by both projects).
  await main.getByLabel("Nåværende passord").fill("not-her-password");
  await main.getByLabel("Nytt passord", { exact: true }).fill("alice-new-password-1");
  await main.getByLabel("Bekreft nytt passord").fill("alice-new-password-1");
  await main.getByRole("button", { name: "Endre passord" }).click();
  await expect(main.getByText("Det nåværende passordet er feil")).toBeVisible();
  await expect(main.getByLabel("Nåværende passord")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/fotoweb/views/change-password");
});

test("the form's own checks speak Norwegian, in the browser and from the server alike", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/views/change-password");
  await waitForHydration(page, info);
  const main = page.getByRole("main");
  // With JavaScript the form checks itself and nothing is sent; without, the server answers.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await main.getByLabel("Nåværende passord").fill("whatever-it-is");
  await main.getByLabel("Nytt passord", { exact: true }).fill("short");
  await main.getByLabel("Bekreft nytt passord").fill("different");
  await main.getByRole("button", { name: "Endre passord" }).click();
  await expect(main.getByText("Bruk minst 8 tegn")).toBeVisible();
  await expect(main.getByText("Passordene er ikke like")).toBeVisible();
  await expect(main.getByLabel("Nytt passord", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(main).not.toContainText("@@");
  expect(posts).toHaveLength(hasJs(info) ? 0 : 1);
  await expectAccessible(page, info, "change password with errors in Norwegian");
});

test("a forgotten password is asked for in Norwegian", async ({ page, open }) => {
  await open("/fotoweb/views/forgot-password");
  await expect(page).toHaveTitle("Glemt passordet? | Arkiv");
  const main = page.getByRole("main");
  await main.getByLabel("Brukernavn eller e-postadresse").fill("nobody-here");
  await main.getByRole("button", { name: "Send lenken" }).click();
  await expectToast(page, "Hvis kontoen finnes, er en lenke på vei.");
  await expect(main.getByTestId("reset-requested")).toContainText("innen en time");
  await expect(main.getByRole("link", { name: "Tilbake til pålogging" })).toBeVisible();
});

test("a client-side navigation to the log-on page brings its Norwegian words", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "without JavaScript every page is a document, as the tests above load");
  await open("/fotoweb/albums/");
  // Still the page the server sent when the log-on page shows: the router brought it.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.locator(`a[href^="${LOGIN}?to="]`).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Logg på", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/fotoweb\/views\/login\?to=/);
  await expect(main.getByLabel("Brukernavn")).toBeVisible();
  await expect(page).toHaveTitle("Logg på | Arkiv");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
