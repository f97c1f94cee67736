import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { ADMIN, PASSWORD } from "./users";
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
 * Invitations (spec 002, decision 037), JavaScript on and off: the site owner invites a colleague
 * by e-mail into a group, the mail is in the outbox table (read here from the suite's database:
 * the outbox page belongs to another part), the colleague makes an account through the link and
 * lands in the group; organization and link invitations; revoke; axe.
 */

const INVITE = "/fotoweb/views/admin/invite";
const MANAGER = "/fotoweb/views/admin/invitations";
const DATABASE = path.join(
  os.tmpdir(),
  `arkiv-e2e-${process.env.E2E_PORT ?? 3111}`,
  "arkiv.sqlite",
);

function withDatabase<T>(work: (sqlite: SQLite.Database) => T): T {
  const sqlite = new SQLite(DATABASE);
  sqlite.pragma("busy_timeout = 5000");
  try {
    return work(sqlite);
  } finally {
    sqlite.close();
  }
}

/** A group of the project's own (the groups pages belong to another part, so it is made here). */
function ensureGroup(name: string): number {
  return withDatabase((sqlite) => {
    const found = sqlite.prepare("select id from groups where name = ?").get(name) as
      { id: number } | undefined;
    if (found) return found.id;
    return Number(
      sqlite
        .prepare("insert into groups (name, created_at) values (?, ?)")
        .run(name, new Date().toISOString()).lastInsertRowid,
    );
  });
}

function mailTo(address: string): { subject: string; text_body: string } | undefined {
  return withDatabase(
    (sqlite) =>
      sqlite
        .prepare(
          "select subject, text_body from mail_messages where kind = 'invitation' and to_address = ? order by id desc",
        )
        .get(address) as { subject: string; text_body: string } | undefined,
  );
}

function groupsOf(username: string): number[] {
  return withDatabase((sqlite) =>
    (
      sqlite
        .prepare(
          "select m.group_id as id from group_members m join users u on u.id = m.user_id where u.username = ?",
        )
        .all(username) as { id: number }[]
    ).map((r) => r.id),
  );
}

/** Step 1: the kind as a tab with JavaScript, as a radio without. */
async function chooseKind(page: Page, info: TestInfo, kind: "Users" | "Organization" | "Link") {
  const main = page.getByRole("main");
  if (hasJs(info)) {
    await main.getByRole("tab", { name: kind }).click();
    await expect(main.getByRole("tab", { name: kind })).toHaveAttribute("aria-selected", "true");
  } else {
    await choose(
      main,
      {
        Users: "Users: e-mail addresses",
        Organization: "Organization: an e-mail domain",
        Link: "Link: anyone with the link",
      }[kind],
    );
  }
}

/** Step 2: find the group and add it, typing (JavaScript) or with the Search button. */
async function addGroup(page: Page, info: TestInfo, name: string) {
  const main = page.getByRole("main");
  await expect(main.getByText("Step 2 of 2")).toBeVisible();
  await main.getByLabel("Find groups").fill(name);
  if (!hasJs(info)) await main.getByRole("button", { name: "Search" }).click();
  await main.getByRole("button", { name: `Add ${name}` }).click();
  await expect(
    main.getByRole("list", { name: "Chosen groups" }).getByText(name, { exact: true }),
  ).toBeVisible();
}

/** A visitor of their own (no cookies) makes an account through the link. */
async function redeem(
  browser: Browser,
  info: TestInfo,
  link: string,
  fields: { username: string; email?: string },
) {
  const context = await browser.newContext({ javaScriptEnabled: hasJs(info) });
  const page = await context.newPage();
  try {
    await page.goto(link);
    await waitForHydration(page, info);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "You are invited" })).toBeVisible();
    await main.getByLabel("First name").fill("Col");
    await main.getByLabel("Last name").fill("League");
    if (fields.email) await main.getByLabel("E-mail address").fill(fields.email);
    await main.getByLabel("User name").fill(fields.username);
    await main.getByLabel("Password").fill(PASSWORD);
    await main.getByRole("button", { name: "Make my account" }).click();
    await expect(page).toHaveURL(/\/fotoweb\/$/);
    await expectToast(page, "Welcome, Col League. Your account is ready.");
  } finally {
    await context.close();
  }
}

test("the site owner invites a colleague by e-mail, who makes an account in the invited group", async ({
  page,
  open,
  browser,
}, info) => {
  const project = info.project.name;
  const group = `E2E Photographers ${project}`;
  const groupId = ensureGroup(group);
  const stamp = Date.now();
  const address = `colleague-${project}-${stamp}@example.com`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(INVITE);
  const main = page.getByRole("main");
  await chooseKind(page, info, "Users");
  // Every error at once, by the spec's names.
  await main.getByLabel("E-mail addresses", { exact: true }).fill("not-an-address, a@b.no, A@B.no");
  await main.getByLabel("Description (optional)").fill("x".repeat(501));
  await main.getByRole("button", { name: "Next" }).click();
  await expect(main.getByText('"not-an-address" is not a valid e-mail address')).toBeVisible();
  await expect(main.getByText("Already in the list: A@B.no")).toBeVisible();
  await expect(main.getByText("Use at most 500 characters")).toBeVisible();
  await expect(main.getByLabel("E-mail addresses", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await main.getByLabel("E-mail addresses", { exact: true }).fill(address);
  await main.getByLabel("Message (optional)").fill("Welcome to the <b>photo</b> desk!");
  await main.getByLabel("Description (optional)").fill(`Colleague ${stamp}`);
  await main.getByRole("button", { name: "Next" }).click();
  await addGroup(page, info, group);
  await main.getByRole("button", { name: "Invite" }).click();
  await expect(page).toHaveURL(MANAGER);
  await expectToast(page, "1 invitation sent");

  const mail = mailTo(address);
  expect(mail?.subject).toBe("Site owner invited you to Arkiv");
  expect(mail?.text_body).toContain("Welcome to the photo desk!");
  const link = /https?:\/\/\S+\/fotoweb\/views\/invitation\/[A-Za-z0-9_-]{43}/.exec(
    mail!.text_body,
  )![0];
  const row = page.getByTestId("invitation-row").filter({ hasText: address });
  await expect(row.getByTestId("invitation-link")).toHaveValue(link);

  const username = `colleague-${project}-${stamp}`;
  await redeem(browser, info, link, { username });
  expect(groupsOf(username)).toContain(groupId);

  // The manager shows who used it; the link is spent.
  await open(MANAGER);
  const used = page.getByTestId("invitation-row").filter({ hasText: address });
  await expect(used).toContainText("(used)");
  await used.getByText(`Details of the invitation to ${address}`).click();
  await expect(used.getByRole("cell", { name: username, exact: true })).toBeVisible();
  await expect(used.getByRole("cell", { name: group, exact: true })).toBeVisible();
  const spent = await page.request.get(link);
  expect(spent.status()).toBe(404);
});

test("organization and link invitations show their link, redeem, and revoke", async ({
  page,
  open,
  browser,
}, info) => {
  const project = info.project.name;
  // Three accounts made (argon2 each) and a dozen pages, on a shared two-core machine.
  test.setTimeout(120_000);
  const group = `E2E Editors ${project}`;
  const groupId = ensureGroup(group);
  const stamp = Date.now();
  const domain = `org-${project}-${stamp}.example`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(INVITE);
  const main = page.getByRole("main");

  await chooseKind(page, info, "Organization");
  await main.getByLabel("Organization domain").fill("not a domain");
  await main.getByRole("button", { name: "Next" }).click();
  await expect(main.getByText("Enter a domain such as example.com")).toBeVisible();
  await main.getByLabel("Organization domain").fill(domain);
  await main.getByRole("button", { name: "Next" }).click();
  await addGroup(page, info, group);
  // Back keeps what was chosen.
  await main.getByRole("button", { name: "Back" }).click();
  await expect(main.getByLabel("Organization domain")).toHaveValue(domain);
  await main.getByRole("button", { name: "Next" }).click();
  await expect(
    main.getByRole("list", { name: "Chosen groups" }).getByText(group, { exact: true }),
  ).toBeVisible();
  await main.getByRole("button", { name: "Invite" }).click();
  await expect(main.getByRole("heading", { name: "The invitation is ready" })).toBeVisible();
  const orgLink = await main.getByTestId("invitation-link").inputValue();
  expect(orgLink).toMatch(/\/fotoweb\/views\/invitation\/[A-Za-z0-9_-]{43}$/);
  await redeem(browser, info, orgLink, {
    username: `org-${project}-${stamp}`,
    email: `someone@${domain}`,
  });
  expect(groupsOf(`org-${project}-${stamp}`)).toContain(groupId);

  await open(INVITE);
  await chooseKind(page, info, "Link");
  await main.getByLabel("Description (optional)").fill(`Shared ${stamp}`);
  await main.getByRole("button", { name: "Next" }).click();
  await main.getByRole("button", { name: "Invite" }).click();
  const shared = await main.getByTestId("invitation-link").inputValue();
  for (const n of [1, 2])
    await redeem(browser, info, shared, {
      username: `shared-${project}-${stamp}-${n}`,
      email: `shared-${project}-${stamp}-${n}@anywhere.example`,
    });

  await open(MANAGER);
  const row = page.getByTestId("invitation-row").filter({ hasText: `Shared ${stamp}` });
  await expect(row.getByTestId("invitation-link")).toHaveValue(shared);
  await row.getByRole("link", { name: "Revoke the invitation to Anyone with the link…" }).click();
  await expect(row.getByRole("alert")).toContainText(
    "Revoke the invitation to Anyone with the link?",
  );
  await row.getByRole("button", { name: "Revoke invitation" }).click();
  await expectToast(page, "is revoked");
  await expect(
    page.getByTestId("invitation-row").filter({ hasText: `Shared ${stamp}` }),
  ).toHaveCount(0);
  expect((await page.request.get(shared)).status()).toBe(404);
});

test("people without the invite permission find nothing there", async ({ page }) => {
  await signInQuietly(page, "alice", PASSWORD);
  for (const url of [INVITE, MANAGER]) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("main")).toContainText("There is nothing at this address.");
  }
});

test("the invitation pages pass axe", async ({ page, open, browser }, info) => {
  const group = `E2E Axe ${info.project.name}`;
  ensureGroup(group);
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const main = page.getByRole("main");
  await open(INVITE);
  await expectAccessible(page, info, "invite wizard");
  await main.getByRole("button", { name: "Next" }).click();
  await expect(main.getByText("Enter at least one e-mail address")).toBeVisible();
  await expectAccessible(page, info, "invite wizard with errors");
  await chooseKind(page, info, "Link");
  await main.getByRole("button", { name: "Next" }).click();
  await main.getByLabel("Find groups").fill(group);
  if (!hasJs(info)) await main.getByRole("button", { name: "Search" }).click();
  await expect(main.getByRole("button", { name: `Add ${group}` })).toBeVisible();
  await expectAccessible(page, info, "invite wizard, groups");
  await main.getByRole("button", { name: "Invite" }).click();
  await expect(main.getByRole("heading", { name: "The invitation is ready" })).toBeVisible();
  await expectAccessible(page, info, "invite wizard, done");
  const link = await main.getByTestId("invitation-link").inputValue();
  await open(MANAGER);
  await page.getByTestId("invitation-row").first().locator("summary").click();
  await expectAccessible(page, info, "invitations manager");
  const context = await browser.newContext({ javaScriptEnabled: hasJs(info) });
  try {
    const visitor = await context.newPage();
    await visitor.goto(link);
    await waitForHydration(visitor, info);
    await visitor.getByRole("button", { name: "Make my account" }).click();
    await expect(visitor.getByText("Enter your first name")).toBeVisible();
    await expectAccessible(visitor, info, "invitation page with errors");
  } finally {
    await context.close();
  }
});
