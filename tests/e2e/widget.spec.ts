import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN } from "./users";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The selection widget (decision 110), JavaScript on and off: a person ticks assets and presses
 * Select; the page lists their links, and with JavaScript, framed by an allowed origin's page
 * (served by the test on this machine: Chromium lets no routed "public" page frame a loopback
 * one), that page receives one assetSelected message per asset. axe on the widget.
 */

const WIDGET = "/fotoweb/widgets/selection";

/** The parent's origin among those allowed to call the API, through the site settings form. */
async function allowParent(page: Page, open: (url: string) => Promise<void>, parent: string) {
  await open("/fotoweb/views/management");
  const main = page.getByRole("main");
  const origins = main.getByLabel("Origins allowed to call the API");
  const listed = (await origins.inputValue()).split("\n").map((o) => o.trim());
  if (listed.includes(parent)) return;
  await origins.fill([...listed.filter(Boolean), parent].join("\n"));
  await main.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Site settings saved.");
}

/** An access token for the site owner, as an integrator's program gets one. */
async function ownerToken(page: Page, label: string) {
  const me = await page.request.get("/fotoweb/me/", {
    headers: { accept: "application/vnd.fotoware.full-api-descriptor+json" },
  });
  const { user } = await readPlaywrightJson<{ user: { userId: number } }>(me);
  const made = await page.request.post("/fotoweb/api/config/applications", {
    headers: { accept: "application/json" },
    data: {
      name: `Widget ${label} ${Date.now()}`,
      grants: ["client_credentials"],
      user: `/fotoweb/api/users/${user.userId}`,
    },
  });
  const app = await readPlaywrightJson<{ clientId: string; clientSecret: string }>(made, "POST");
  const granted = await page.request.post("/fotoweb/oauth2/token", {
    form: {
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: app.clientSecret,
    },
  });
  return (await readPlaywrightJson<{ access_token: string }>(granted, "POST")).access_token;
}

/**
 * The widget opens on an archive the suite only reads, with assets in it: the first archive by
 * name depends on what other specs made before.
 */
async function browseArchive(page: Page): Promise<string> {
  const list = await page.request.get("/fotoweb/archives/", {
    headers: { accept: "application/json" },
  });
  const { data } = await readPlaywrightJson<{ data: { id: string; name: string }[] }>(list);
  return data.find((a) => a.name === "E2E browse")!.id;
}

test("a visitor is asked to sign in", async ({ page, open }, info) => {
  const response = await page.goto(WIDGET);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Choose assets", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in (opens a new window)" })).toHaveAttribute(
    "href",
    `/fotoweb/views/login?to=${encodeURIComponent(WIDGET)}`,
  );
  await open(WIDGET);
  await expectAccessible(page, info, "selection widget, signed out");
});

test("Select lists the chosen assets' links; the page passes axe", async ({ page, open }, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(`${WIDGET}?archive=${await browseArchive(page)}`);
  await expect(page.getByRole("heading", { name: "Choose assets", level: 1 })).toBeVisible();
  await expectAccessible(page, info, "selection widget");
  const boxes = page.getByRole("main").getByRole("checkbox");
  await expect(boxes.first()).toBeVisible();
  const href = (await boxes.first().getAttribute("value"))!;
  await boxes.first().check();
  await page.getByRole("button", { name: "Select", exact: true }).click();
  const chosen = page.getByRole("region", { name: "Chosen assets" });
  await expect(chosen).toBeVisible();
  await expect(chosen.locator("code")).toHaveText([href]);
  await expectAccessible(page, info, "selection widget with chosen assets");
});

test("framed by an allowed origin, Select sends one assetSelected message per asset", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "the messages are the page's script");
  const origin = new URL(info.project.use.baseURL!).origin;
  let token = "";
  let archive = "";
  const cms = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end(
      `<!doctype html><html lang="en"><head><title>CMS</title></head><body><h1>CMS</h1>` +
        `<iframe title="Arkiv" width="1000" height="800" src="${origin}${WIDGET}?archive=${archive}&access_token=${token}"></iframe>` +
        `<script>window.received = []; addEventListener("message", (e) => ` +
        `window.received.push({ origin: e.origin, data: e.data }));</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => cms.listen(0, "localhost", resolve));
  try {
    // localhost, another site than the suite's 127.0.0.1.
    const parent = `http://localhost:${(cms.address() as AddressInfo).port}`;
    await signInQuietly(page, ADMIN.username, ADMIN.password);
    await allowParent(page, open, parent);
    token = await ownerToken(page, info.project.name);
    archive = await browseArchive(page);
    // In another site's frame no session cookie comes along: the token does.
    await page.context().clearCookies();
    await page.goto(`${parent}/editor`);
    await expectMessages(page, origin);
  } finally {
    cms.close();
  }
});

/** Ticks two assets in the framed widget and presses Select: the parent hears of both. */
async function expectMessages(page: Page, origin: string) {
  const frame = page.frameLocator('iframe[title="Arkiv"]');
  await expect(frame.getByRole("heading", { name: "Choose assets" })).toBeVisible();
  const widget = page.frames().find((f) => f.url().includes(WIDGET))!;
  await widget.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const boxes = frame.getByRole("checkbox");
  const hrefs = [
    (await boxes.nth(0).getAttribute("value"))!,
    (await boxes.nth(1).getAttribute("value"))!,
  ];
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await frame.getByRole("button", { name: "Select", exact: true }).click();
  await expect(frame.getByRole("region", { name: "Chosen assets" })).toBeVisible();
  type Received = { origin: string; data: { event: string; asset: { href: string } } };
  const received = () =>
    page.evaluate(() => (window as unknown as { received: Received[] }).received);
  await expect.poll(async () => (await received()).length).toBe(2);
  for (const message of await received()) {
    expect(message.origin).toBe(origin);
    expect(message.data.event).toBe("assetSelected");
  }
  expect((await received()).map((m) => m.data.asset.href).sort()).toEqual([...hrefs].sort());
}
