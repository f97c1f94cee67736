import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN, PASSWORD } from "./users";
import { expect, expectAccessible, signInQuietly, test } from "./fixtures";

/*
 * The authorization code grant with PKCE from a browser (decision 028), JavaScript on and off:
 * a program sends the person to the consent page, they allow or deny with a plain form, and the
 * program exchanges the code with its verifier. The program's own address is answered by the
 * test (page.route), so nothing leaves the machine.
 */

const CALLBACK = "https://client.invalid/callback";

async function registerClient(page: Page, name: string) {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const response = await page.request.post("/fotoweb/api/config/applications", {
    headers: { accept: "application/json" },
    data: { name, grants: ["authorization_code", "refresh_token"], redirectUris: [CALLBACK] },
  });
  expect(response.status()).toBe(201);
  const body = await readPlaywrightJson<{ clientId: string; clientSecret: string }>(
    response,
    "POST",
  );
  await page.context().clearCookies();
  return body;
}

function pkce() {
  const verifier = crypto.randomBytes(48).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

const authorizeUrl = (clientId: string, challenge: string, state: string) =>
  `/fotoweb/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: "code",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  })}`;

async function exchange(
  request: APIRequestContext,
  client: { clientId: string; clientSecret: string },
  code: string,
  verifier: string,
) {
  return request.post("/fotoweb/oauth2/token", {
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
    },
    form: {
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    },
  });
}

test.beforeEach(async ({ page }) => {
  await page.route(`${CALLBACK}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Client</title><p>Back at the client</p>",
    }),
  );
});

test("a person signs in, allows the application, and the program uses its token", async ({
  page,
  open,
  request,
}, info) => {
  const client = await registerClient(page, `Portal ${info.project.name}`);
  const { verifier, challenge } = pkce();
  const url = authorizeUrl(client.clientId, challenge, "st-1");
  await open(url);
  // Not signed in: the log-on view first, which comes back here.
  await expect(page).toHaveURL(/\/fotoweb\/views\/login/);
  await signInQuietly(page, "alice", PASSWORD);
  await open(url);
  await expect(page.getByRole("heading", { name: "Allow access?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Portal ${info.project.name}`);
  await expectAccessible(page, info, "consent page");

  await page.getByRole("button", { name: "Allow access" }).click();
  await page.waitForURL(`${CALLBACK}**`);
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("st-1");
  const code = back.searchParams.get("code")!;
  expect(code).toBeTruthy();

  const granted = await exchange(request, client, code, verifier);
  expect(granted.status()).toBe(200);
  const tokens = await readPlaywrightJson<{ access_token: string; refresh_token: string }>(
    granted,
    "POST",
  );
  expect(tokens.refresh_token).toBeTruthy();
  const me = await request.get("/fotoweb/me/", {
    headers: {
      authorization: `Bearer ${tokens.access_token}`,
      accept: "application/vnd.fotoware.full-api-descriptor+json",
    },
  });
  expect(me.status()).toBe(200);
  expect(JSON.stringify(await readPlaywrightJson(me))).toContain("alice");
  // The code is spent, and a wrong verifier never worked.
  expect((await exchange(request, client, code, verifier)).status()).toBe(400);
});

test("denying sends the person back with access_denied and no code", async ({
  page,
  open,
  request,
}, info) => {
  const client = await registerClient(page, `Denied ${info.project.name}`);
  const { verifier, challenge } = pkce();
  await signInQuietly(page, "alice", PASSWORD);
  await open(authorizeUrl(client.clientId, challenge, "st-2"));
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL(`${CALLBACK}**`);
  const back = new URL(page.url());
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe("st-2");
  expect(back.searchParams.get("code")).toBeNull();
  expect((await exchange(request, client, "nothing", verifier)).status()).toBe(400);
});
