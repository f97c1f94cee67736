import {
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";
import { l10nPeopleUser } from "./l10n-people";
import { PASSWORD } from "./users";

/*
 * The administration of people in Norwegian (issue 32, decision 101), JavaScript on and off: the
 * browser asks for nb-NO, so a user manager (not the site owner) reads the users list in Bokmål,
 * adds a user (a bad post first: every field's message at once, in Norwegian, by its field and
 * in the summary), then adds a group and edits it, each save with its toast in Norwegian. axe
 * checks the Norwegian pages in light and dark.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 120_000 });

const USERS = "/fotoweb/views/admin/users";

test("users and groups administered in Norwegian: the list, a new user, a group edited", async ({
  page,
  open,
}, info) => {
  const project = info.project.name;
  const username = `kari-${project}-${Date.now()}`;
  const group = `Redaksjonen ${project} ${Date.now()}`;
  await signInQuietly(page, l10nPeopleUser(project), PASSWORD);

  // The users list.
  await open(USERS);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Brukere | Arkiv");
  await expect(page.getByRole("heading", { level: 1, name: "Administrer brukere" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Brukere" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Søk i brukere" })).toBeVisible();
  await expect(page.getByText("Ingen brukere valgt")).toBeVisible();
  await expectAccessible(page, info, "the users list in Norwegian", {
    served: true,
    bothThemes: true,
    rules: ["label-content-name-mismatch"],
  });

  // A new user: a bad post first, every message at once in Norwegian.
  await page.getByRole("link", { name: "Legg til bruker" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Legg til bruker" })).toBeVisible();
  await waitForHydration(page, info);
  const editor = page.locator("form#user-editor");
  await editor.getByLabel("E-post").fill("ikke-en-adresse");
  await editor.getByLabel("Passord", { exact: true }).fill("et-godt-passord-1");
  await editor.getByLabel("Bekreft passordet").fill("et-annet-passord-1");
  await editor.getByRole("button", { name: "Legg til bruker" }).click();
  const summary = page.getByTestId("error-summary");
  for (const message of [
    "Brukernavn må fylles ut.",
    "Fornavn må fylles ut.",
    "Etternavn må fylles ut.",
    "Skriv inn en gyldig e-postadresse",
    "Passordene er ikke like.",
  ])
    await expect(summary).toContainText(message);
  await expect(summary.getByRole("link", { name: "Brukernavn", exact: true })).toBeVisible();
  await expect(editor.getByLabel("Brukernavn")).toHaveAttribute("aria-invalid", "true");
  await expect(summary).not.toContainText("@@");
  await expectAccessible(page, info, "the user editor with errors in Norwegian", {
    bothThemes: true,
    rules: ["label-content-name-mismatch"],
  });

  await editor.getByLabel("Brukernavn").fill(username);
  await editor.getByLabel("Fornavn").fill("Kari");
  await editor.getByLabel("Etternavn").fill("Nordmann");
  await editor.getByLabel("E-post").fill(`${username}@example.com`);
  await editor.getByLabel("Passord", { exact: true }).fill("");
  await editor.getByLabel("Bekreft passordet").fill("");
  await editor.getByRole("button", { name: "Legg til bruker" }).click();
  await expectToast(page, `${username} er lagt til.`);
  await page.getByRole("searchbox", { name: "Søk i brukere" }).fill(username);
  if (!hasJs(info))
    await page
      .getByRole("search", { name: "Brukere" })
      .getByRole("button", { name: "Søk", exact: true })
      .click();
  await expect(page.getByTestId(`user-row-${username}`)).toContainText("Kari Nordmann");
  await expect(page.getByTestId("user-count")).toHaveText("én bruker");

  // A group: added, then edited, each save with its toast.
  await page
    .getByRole("navigation", { name: "Brukere og grupper" })
    .getByRole("link", { name: "Grupper" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Administrer grupper" })).toBeVisible();
  await page.getByRole("link", { name: "Legg til gruppe" }).click();
  await waitForHydration(page, info);
  const form = page.getByRole("form", { name: "Generelt" });
  await form.getByRole("button", { name: "Opprett gruppe" }).click();
  await expect(form.getByText("Navn må fylles ut.")).toBeVisible();
  await form.getByLabel("Navn", { exact: true }).fill(group);
  await form.getByRole("button", { name: "Opprett gruppe" }).click();
  await expectToast(page, `${group} er opprettet.`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Rediger gruppen ${group}` }),
  ).toBeVisible();
  await waitForHydration(page, info);
  const general = page.getByRole("form", { name: "Generelt" });
  await expect(general.getByRole("group", { name: "Sikkerhetstillatelser" })).toBeVisible();
  await general.getByLabel("Beskrivelse").fill("Nyhetsdesken");
  // The toasts of the saves before sit over the form's foot: the keyboard presses it.
  await general.getByRole("button", { name: "Lagre gruppen" }).press("Enter");
  await expectToast(page, `${group} er lagret.`);
  await expect(page.getByRole("form", { name: "Generelt" }).getByLabel("Beskrivelse")).toHaveValue(
    "Nyhetsdesken",
  );
  await expectAccessible(page, info, "the group editor in Norwegian", {
    served: true,
    bothThemes: true,
    rules: ["label-content-name-mismatch"],
  });
});
