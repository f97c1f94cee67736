import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { hashCredential } from "~/models/oauth/credential.server";
import { createUser } from "~/models/user/user.server";
import { checkJsonResponse, noteRequestMethod, readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { TEST_ADMIN } from "../helpers/database";
import { finishedJob } from "../helpers/jobs";

/*
 * Programs against the real server with plain fetch and no cookie (issue 14, decision 028): a
 * program holding only a client id and secret, and one holding an API token, do what an
 * integrator does end to end; every kind of bad token is a 401 in the error body; a token never
 * does more than its user may; nothing secret reaches the log.
 */

let server: TestServer;
let worker: Worker;
let harbour: Archive;
let closed: Archive;
let owner: Client;
let robotId: number;
let app: { clientId: string; clientSecret: string; href: string; tokens: string };
let other: { clientId: string; clientSecret: string; href: string };
let apiToken: string;
const logged: string[] = [];
/** Every secret and token handed out in this file: none may appear in the log. */
const secrets: string[] = [];

async function photo(width: number, hue: number) {
  return sharp({
    create: {
      width,
      height: Math.round(width * 0.66),
      channels: 3,
      background: { r: hue, g: 90, b: 160 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/**
 * Plain fetch, as a program sends it; like the Client, every JSON answer is checked against the
 * API contract (decision 029) whether the test reads it or not.
 */
async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, server.url), { ...init, redirect: "manual" });
  noteRequestMethod(response, init.method ?? "GET");
  await checkJsonResponse(response);
  return response;
}

/** A program: plain fetch, no cookie jar, its credential in a header. */
function program(headers: Record<string, string>) {
  const call = (path: string, init: RequestInit = {}) =>
    send(path, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  return {
    call,
    json: async (path: string, accept = "application/json") => {
      const response = await call(path, { headers: { accept } });
      expect(response.status, path).toBe(200);
      return readApiJson<any>(response); // eslint-disable-line @typescript-eslint/no-explicit-any
    },
  };
}

async function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await send("/fotoweb/oauth2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  const body = await readApiJson<Record<string, string>>(response);
  for (const key of ["access_token", "refresh_token"]) if (body[key]) secrets.push(body[key]);
  return { status: response.status, headers: response.headers, body };
}

async function clientCredentialsToken(id = app.clientId, secret = app.clientSecret) {
  const { status, body } = await tokenRequest(
    { grant_type: "client_credentials" },
    { authorization: basic(id, secret) },
  );
  expect(status).toBe(200);
  return body.access_token!;
}

async function register(body: unknown) {
  const response = await owner.request("/fotoweb/api/config/applications", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const json = await readApiJson<Record<string, string>>(response);
  if (json.clientSecret) secrets.push(json.clientSecret);
  return { status: response.status, body: json };
}

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  }
  server = await startTestServer({ LOG_REQUESTS: "true" });
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  robotId = (await createUser({ username: "robot", password: "robot-password-1" })).id;
  harbour = await createArchive({
    name: "Harbour",
    members: [
      {
        type: "user",
        id: robotId,
        permissions: ["View", "Preview", "Download", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
  closed = await createArchive({
    name: "Closed",
    members: [{ type: "group", id: EVERYONE_GROUP_ID, permissions: [], autoSearch: "" }],
  });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  for (const [i, name] of ["harbour-dawn.jpg", "harbour-dusk.jpg", "fjord.jpg"].entries()) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await photo(600 + i * 10, 40 * i))]), name);
    const response = await owner.request(harbour.href, {
      method: "POST",
      headers: { accept: "application/json" },
      body: form,
    });
    const { href } = await readApiJson<{ href: string }>(response);
    expect((await finishedJob(Number(href.split("/").pop()))).status).toBe("done");
  }
  const made = await register({
    name: "Nightly sync",
    grants: ["client_credentials"],
    redirectUris: [],
    user: `/fotoweb/api/users/${robotId}`,
  });
  expect(made.status).toBe(201);
  app = made.body as typeof app;
  const second = await register({
    name: "Other tool",
    grants: ["client_credentials", "authorization_code", "refresh_token"],
    redirectUris: ["https://tool.example/callback"],
    user: `/fotoweb/api/users/${robotId}`,
  });
  other = second.body as typeof other;
  const issued = await owner.request(app.tokens, {
    method: "POST",
    headers: { accept: "application/json" },
  });
  expect(issued.status).toBe(201);
  apiToken = (await readApiJson<{ token: string }>(issued)).token;
  secrets.push(apiToken);
}, 90_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await worker?.stop();
  await server?.close();
});

/** Everything a program does, given its credential's headers. */
async function integratorFlow(headers: Record<string, string>, label: string) {
  const p = program(headers);
  // Lists archives: the ones its user may see, and only those.
  const archives = await p.json("/fotoweb/archives/");
  const names = (archives.data as { name: string }[]).map((a) => a.name);
  expect(names).toContain("Harbour");
  expect(names).not.toContain("Closed");
  const href = (archives.data as { name: string; href: string }[]).find(
    (a) => a.name === "Harbour",
  )!.href;

  // Pages through it, following the paging links.
  const seen: string[] = [];
  let page = await p.json(`${href}?n=1`, "application/vnd.fotoware.assetlist+json");
  for (;;) {
    seen.push(...(page.data as { filename: string }[]).map((a) => a.filename));
    if (!page.paging?.next) break;
    page = await p.json(page.paging.next, "application/vnd.fotoware.assetlist+json");
  }
  expect(seen.filter((n) => n.endsWith(".jpg")).length).toBeGreaterThanOrEqual(3);

  // Searches.
  const found = await p.json(`${href}?q=fjord`, "application/vnd.fotoware.assetlist+json");
  const hits = found.data as { filename: string; href: string }[];
  expect(hits.map((a) => a.filename)).toEqual(["fjord.jpg"]);

  // Requests a rendition and downloads it.
  const rendition = await p.call("/fotoweb/services/renditions", {
    method: "POST",
    headers: {
      "content-type": "application/vnd.fotoware.rendition-request+json",
      accept: "application/json",
    },
    body: JSON.stringify({ href: `${hits[0]!.href}/__renditions/ORIGINAL` }),
  });
  expect([200, 202]).toContain(rendition.status);
  const fileHref = (await readApiJson<{ href: string }>(rendition)).href;
  const file = await p.call(fileHref);
  expect(file.status).toBe(200);
  expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("jpeg");

  // Uploads through chunks and polls the task.
  const data = await photo(700, 200);
  const create = await p.call("/fotoweb/api/uploads", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ destination: href, filename: `${label}.jpg`, fileSize: data.length }),
  });
  expect(create.status).toBeLessThan(300);
  const task = await readApiJson<{ id: string; numChunks: number; chunkSize: number }>(create);
  for (let i = 0; i < task.numChunks; i++) {
    const form = new FormData();
    const part = data.subarray(i * task.chunkSize, (i + 1) * task.chunkSize);
    form.append("file", new Blob([new Uint8Array(part)]), "chunk");
    const sent = await p.call(`/fotoweb/api/uploads/${task.id}/chunks/${i}`, {
      method: "POST",
      body: form,
    });
    expect(sent.status).toBe(204);
  }
  const status = await vi.waitUntil(
    async () => {
      const answer = (await p.json(`/fotoweb/api/uploads/${task.id}/status`)) as {
        status: string;
        result: { assetUrl?: string } | null;
      };
      return answer.status === "done" || answer.status === "failed" ? answer : undefined;
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(status.status).toBe("done");
  expect(status.result?.assetUrl).toMatch(new RegExp(`${label}\\.jpg\\.info$`));
  const asset = await db()
    .selectFrom("assets")
    .select("created_by")
    .where("file_name", "=", `${label}.jpg`)
    .executeTakeFirstOrThrow();
  expect(asset.created_by).toBe(robotId);
}

describe("a program with a client id and secret", () => {
  test("gets a token and lists, pages, searches, downloads and uploads with it", async () => {
    const token = await clientCredentialsToken();
    await integratorFlow({ authorization: `Bearer ${token}` }, "from-oauth");
  }, 60_000);

  test("the token answer is OAuth's: bearer, an expiry, no refresh token, never cached", async () => {
    const { status, headers, body } = await tokenRequest({
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(status).toBe(200);
    expect(body.token_type).toBe("Bearer");
    expect(Number(body.expires_in)).toBeGreaterThan(3000);
    expect(body.refresh_token).toBeUndefined();
    expect(headers.get("cache-control")).toBe("no-store");
    // Stored only as its hash.
    const rows = await db().selectFrom("oauth_credentials").select("hash").execute();
    expect(rows.some((r) => r.hash === body.access_token)).toBe(false);
    expect(rows.some((r) => r.hash === hashCredential(body.access_token!))).toBe(true);
  });
});

describe("scopes at the token endpoint (decision 108)", () => {
  test("fotoweb.me and full_access are granted and echoed, an unknown one is refused by name", async () => {
    const auth = { authorization: basic(app.clientId, app.clientSecret) };
    for (const scope of ["fotoweb.me", "full_access", "fotoweb.me full_access"]) {
      const { status, body } = await tokenRequest(
        { grant_type: "client_credentials", scope },
        auth,
      );
      expect(status, scope).toBe(200);
      expect(body.scope).toBe(scope);
      await program({ authorization: `Bearer ${body.access_token}` }).json("/fotoweb/archives/");
    }
    const none = await tokenRequest({ grant_type: "client_credentials" }, auth);
    expect(none.body.scope).toBe("full_access");
    const unknown = await tokenRequest({ grant_type: "client_credentials", scope: "admin" }, auth);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("invalid_scope");
    expect(unknown.body.error_description).toMatch(/full_access and fotoweb\.me/);
  });
});

describe("a program with an API token", () => {
  test("does the same with FWAPITOKEN", async () => {
    await integratorFlow({ fwapitoken: apiToken }, "from-api-token");
  }, 60_000);
});

describe("tokens that are not valid get 401 in the error body", () => {
  async function expect401(headers: Record<string, string>) {
    const response = await program(headers).call("/fotoweb/archives/", {
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(401);
    const body = await readApiJson<{ status: number; heading: string; value: string }>(response);
    expect(body.status).toBe(401);
    expect(body.value).toMatch(/not valid/);
    return response;
  }

  test("unknown, tampered, empty and revoked bearer tokens", async () => {
    // An API token is no access token, in the query either (hidden in the log, see below).
    const inQuery = await send(`/fotoweb/me/?access_token=${apiToken}`, {
      headers: { accept: "application/vnd.fotoware.full-api-descriptor+json" },
    });
    expect(inQuery.status).toBe(401);
    const token = await clientCredentialsToken();
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const response = await expect401({ authorization: `Bearer ${tampered}` });
    expect(response.headers.get("www-authenticate")).toMatch(/invalid_token/);
    await expect401({ authorization: `Bearer ${crypto.randomBytes(32).toString("base64url")}` });
    await expect401({ authorization: "Bearer " });
    await expect401({ fwapitoken: "nope" });
    // A cookie riding along does not rescue a bad token.
    await expect401({
      authorization: `Bearer ${tampered}`,
      cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    });

    const revoke = await send("/fotoweb/oauth2/revoke", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: basic(app.clientId, app.clientSecret),
      },
      body: new URLSearchParams({ token }),
    });
    expect(revoke.status).toBe(200);
    await expect401({ authorization: `Bearer ${token}` });
  });

  test("an expired access token", async () => {
    const token = await clientCredentialsToken();
    await program({ authorization: `Bearer ${token}` }).json("/fotoweb/archives/");
    await db()
      .updateTable("oauth_credentials")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("hash", "=", hashCredential(token))
      .execute();
    await expect401({ authorization: `Bearer ${token}` });
  });

  test("another client cannot revoke a token, and revoking an unknown one changes nothing", async () => {
    const token = await clientCredentialsToken();
    const revoke = (id: string, secret: string, value: string) =>
      send("/fotoweb/oauth2/revoke", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: value, client_id: id, client_secret: secret }),
      });
    expect((await revoke(other.clientId, other.clientSecret, token)).status).toBe(200);
    await program({ authorization: `Bearer ${token}` }).json("/fotoweb/archives/");
    expect((await revoke(other.clientId, "wrong", token)).status).toBe(401);
    expect((await revoke(app.clientId, app.clientSecret, "unknown")).status).toBe(200);
  });

  test("an API token of a deleted application, and every token of it", async () => {
    const made = await register({
      name: "Short-lived",
      grants: ["client_credentials"],
      user: `/fotoweb/api/users/${robotId}`,
    });
    const { clientId, clientSecret, href, tokens } = made.body as typeof app;
    const bearer = await clientCredentialsToken(clientId, clientSecret);
    const issued = await readApiJson<{ token: string }>(
      await owner.request(tokens, { method: "POST", headers: { accept: "application/json" } }),
    );
    secrets.push(issued.token);
    await program({ fwapitoken: issued.token }).json("/fotoweb/archives/");
    const removed = await owner.request(href, {
      method: "DELETE",
      headers: { accept: "application/json" },
    });
    expect(removed.status).toBe(204);
    await expect401({ fwapitoken: issued.token });
    await expect401({ authorization: `Bearer ${bearer}` });
    const again = await tokenRequest(
      { grant_type: "client_credentials" },
      { authorization: basic(clientId, clientSecret) },
    );
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("invalid_client");
  });
});

describe("an access token in the access_token query parameter", () => {
  const descriptor = { accept: "application/vnd.fotoware.full-api-descriptor+json" };

  test("authenticates alone, 401 when not valid, and a token header wins", async () => {
    const token = await clientCredentialsToken();
    const me = await send(`/fotoweb/me/?access_token=${encodeURIComponent(token)}`, {
      headers: descriptor,
    });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await readApiJson(me))).toContain("robot");
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // Not valid: 401, the cookie riding along notwithstanding.
    const bad = await send(`/fotoweb/me/?access_token=nope`, {
      headers: { ...descriptor, cookie },
    });
    expect(bad.status).toBe(401);
    const twice = await send(`/fotoweb/me/?access_token=${token}&access_token=${token}`, {
      headers: descriptor,
    });
    expect(twice.status).toBe(401);
    // Only when no header carries a token.
    const header = await send(`/fotoweb/me/?access_token=nope`, {
      headers: { ...descriptor, fwapitoken: apiToken },
    });
    expect(header.status).toBe(200);
  });

  test("a valid one skips the same-origin check as a bearer does; an invalid one does not", async () => {
    const token = await clientCredentialsToken();
    const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const post = (query: string) =>
      send(`/fotoweb/api/uploads?access_token=${query}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "sec-fetch-site": "cross-site",
          cookie,
        },
        body: JSON.stringify({ destination: closed.href, filename: "x.jpg", fileSize: 10 }),
      });
    expect((await post(encodeURIComponent(token))).status).toBe(400);
    expect((await post("nope")).status).toBe(403);
  });
});

describe("a token never does more than its user", () => {
  test("it cannot read or write an archive its user may not see", async () => {
    const p = program({ authorization: `Bearer ${await clientCredentialsToken()}` });
    const read = await p.call(closed.href, {
      headers: { accept: "application/vnd.fotoware.collection+json" },
    });
    expect(read.status).toBe(404);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await photo(300, 10))]), "sneak.jpg");
    const write = await p.call(closed.href, {
      method: "POST",
      headers: { accept: "application/json" },
      body: form,
    });
    expect(write.status).toBe(404);
    const chunked = await p.call("/fotoweb/api/uploads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ destination: closed.href, filename: "sneak.jpg", fileSize: 10 }),
    });
    expect(chunked.status).toBe(400);
    // Nor manage applications: its user is not an administrator.
    const listed = await p.call("/fotoweb/api/config/applications", {
      headers: { accept: "application/json" },
    });
    expect(listed.status).toBe(404);
  });

  test("when its user loses a right, every token loses it at once", async () => {
    const bearer = program({ authorization: `Bearer ${await clientCredentialsToken()}` });
    const api = program({ fwapitoken: apiToken });
    const names = async (p: ReturnType<typeof program>) =>
      ((await p.json("/fotoweb/archives/")).data as { name: string }[]).map((a) => a.name);
    expect(await names(bearer)).toContain("Harbour");
    const saved = await db()
      .selectFrom("archive_members")
      .selectAll()
      .where("archive_id", "=", harbour.id)
      .execute();
    await db().deleteFrom("archive_members").where("archive_id", "=", harbour.id).execute();
    try {
      expect(await names(bearer)).not.toContain("Harbour");
      expect(await names(api)).not.toContain("Harbour");
      const read = await bearer.call(harbour.href, {
        headers: { accept: "application/vnd.fotoware.collection+json" },
      });
      expect(read.status).toBe(404);
    } finally {
      await db().insertInto("archive_members").values(saved).execute();
    }
  });

  test("a disabled user's tokens stop working, and no new one is issued", async () => {
    const token = await clientCredentialsToken();
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", robotId).execute();
    try {
      await expect(
        program({ authorization: `Bearer ${token}` }).call("/fotoweb/archives/", {
          headers: { accept: "application/json" },
        }),
      ).resolves.toHaveProperty("status", 401);
      const refused = await tokenRequest(
        { grant_type: "client_credentials" },
        { authorization: basic(app.clientId, app.clientSecret) },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("invalid_grant");
    } finally {
      await db().updateTable("users").set({ is_enabled: 1 }).where("id", "=", robotId).execute();
    }
  });
});

describe("the authorization code grant with PKCE", () => {
  const verifier = crypto.randomBytes(40).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  const authorizeUrl = (extra: Record<string, string> = {}) =>
    `/fotoweb/oauth2/authorize?${new URLSearchParams({
      client_id: other.clientId,
      redirect_uri: "https://tool.example/callback",
      response_type: "code",
      state: "s-123",
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...extra,
    })}`;

  async function approve(extra: Record<string, string> = {}, decision = "allow") {
    const page = await owner.get(authorizeUrl(extra));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Other tool");
    const answer = await owner.post(authorizeUrl(extra), {
      client_id: other.clientId,
      redirect_uri: "https://tool.example/callback",
      response_type: "code",
      state: "s-123",
      code_challenge: extra.code_challenge ?? challenge,
      code_challenge_method: "S256",
      ...(extra.scope ? { scope: extra.scope } : {}),
      decision,
    });
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get("location")!);
  }

  const exchange = (code: string, codeVerifier = verifier) =>
    tokenRequest(
      {
        grant_type: "authorization_code",
        code,
        redirect_uri: "https://tool.example/callback",
        code_verifier: codeVerifier,
      },
      { authorization: basic(other.clientId, other.clientSecret) },
    );

  test("a visitor is sent to sign in first, and comes back", async () => {
    const visitor = new Client(server.url);
    const response = await visitor.get(authorizeUrl());
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, server.url);
    expect(location.pathname).toBe("/fotoweb/views/login");
    expect(location.searchParams.get("to")).toBe(authorizeUrl());
  });

  test("approve, exchange with the verifier, use, refresh; the code and old refresh token are spent", async () => {
    const back = await approve();
    expect(back.origin + back.pathname).toBe("https://tool.example/callback");
    expect(back.searchParams.get("state")).toBe("s-123");
    const code = back.searchParams.get("code")!;
    secrets.push(code);
    const granted = await exchange(code);
    expect(granted.status).toBe(200);
    expect(granted.body.refresh_token).toBeTruthy();
    const me = await program({ authorization: `Bearer ${granted.body.access_token}` }).json(
      "/fotoweb/me/",
      "application/vnd.fotoware.full-api-descriptor+json",
    );
    expect(JSON.stringify(me)).toContain(TEST_ADMIN.username);

    expect((await exchange(code)).body.error).toBe("invalid_grant");
    const refreshed = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: granted.body.refresh_token! },
      { authorization: basic(other.clientId, other.clientSecret) },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(granted.body.access_token);
    const reused = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: granted.body.refresh_token! },
      { authorization: basic(other.clientId, other.clientSecret) },
    );
    expect(reused.body.error).toBe("invalid_grant");
  });

  test("a wrong verifier, another client's code and a denial all fail", async () => {
    const code = (await approve()).searchParams.get("code")!;
    const wrong = await exchange(code, crypto.randomBytes(40).toString("base64url"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");

    const code2 = (await approve()).searchParams.get("code")!;
    const stolen = await tokenRequest(
      {
        grant_type: "authorization_code",
        code: code2,
        redirect_uri: "https://tool.example/callback",
        code_verifier: verifier,
      },
      { authorization: basic(app.clientId, app.clientSecret) },
    );
    expect(stolen.body.error).toMatch(/unauthorized_client|invalid_grant/);

    const denied = await approve({}, "deny");
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("code")).toBeNull();
  });

  test("scope fotoweb.me is granted and echoed; an unknown scope goes back as invalid_scope", async () => {
    const back = await approve({ scope: "fotoweb.me" });
    const granted = await exchange(back.searchParams.get("code")!);
    expect(granted.status).toBe(200);
    expect(granted.body.scope).toBe("fotoweb.me");
    const me = await program({ authorization: `Bearer ${granted.body.access_token}` }).json(
      "/fotoweb/me/",
      "application/vnd.fotoware.full-api-descriptor+json",
    );
    expect(JSON.stringify(me)).toContain(TEST_ADMIN.username);
    const refreshed = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: granted.body.refresh_token! },
      { authorization: basic(other.clientId, other.clientSecret) },
    );
    expect(refreshed.body.scope).toBe("fotoweb.me");
    const unknown = await owner.get(authorizeUrl({ scope: "fotoweb.admin" }));
    expect(unknown.status).toBe(302);
    const error = new URL(unknown.headers.get("location")!);
    expect(error.searchParams.get("error")).toBe("invalid_scope");
    expect(error.searchParams.get("error_description")).toMatch(/full_access and fotoweb\.me/);
  });

  test("requests without PKCE go back with an error; unknown clients and addresses are shown, not followed", async () => {
    const noPkce = await owner.get(authorizeUrl({ code_challenge: "" }));
    expect(noPkce.status).toBe(302);
    expect(new URL(noPkce.headers.get("location")!).searchParams.get("error")).toBe(
      "invalid_request",
    );
    expect((await owner.get(authorizeUrl({ client_id: "0".repeat(32) }))).status).toBe(400);
    const elsewhere = await owner.get(authorizeUrl({ redirect_uri: "https://evil.example/cb" }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get("location")).toBeNull();
  });
});

describe("a public client: PKCE, no secret (migration 0020)", () => {
  const verifier = crypto.randomBytes(40).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  const callback = "https://picker.example/cb";
  let picker: { clientId: string; clientType: string; clientSecret?: string };

  beforeAll(async () => {
    const made = await register({
      name: "CMS picker",
      clientType: "public",
      grants: ["authorization_code", "refresh_token"],
      redirectUris: [callback],
    });
    expect(made.status).toBe(201);
    picker = made.body as unknown as typeof picker;
  });

  async function code() {
    const params = {
      client_id: picker.clientId,
      redirect_uri: callback,
      response_type: "code",
      state: "p-1",
      scope: "fotoweb.me",
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    const url = `/fotoweb/oauth2/authorize?${new URLSearchParams(params)}`;
    expect((await owner.get(url)).status).toBe(200);
    const answer = await owner.post(url, { ...params, decision: "allow" });
    expect(answer.status).toBe(302);
    const value = new URL(answer.headers.get("location")!).searchParams.get("code")!;
    secrets.push(value);
    return value;
  }

  const byId = (fields: Record<string, string>) =>
    tokenRequest({ client_id: picker.clientId, ...fields });

  test("is registered without a secret, and only with the code and refresh grants", async () => {
    expect(picker.clientType).toBe("public");
    expect(picker.clientSecret).toBeUndefined();
    const listed = await readApiJson<{ data: { clientId: string; clientType: string }[] }>(
      await owner.request("/fotoweb/api/config/applications", {
        headers: { accept: "application/json" },
      }),
    );
    expect(listed.data.find((a) => a.clientId === picker.clientId)?.clientType).toBe("public");
    const refused = await register({
      name: "Public robot",
      clientType: "public",
      grants: ["client_credentials"],
      user: `/fotoweb/api/users/${robotId}`,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/only the authorization code/);
  });

  test("authorize, exchange with its client id and the verifier, use, refresh, revoke", async () => {
    const granted = await byId({
      grant_type: "authorization_code",
      code: await code(),
      redirect_uri: callback,
      code_verifier: verifier,
    });
    expect(granted.status).toBe(200);
    expect(granted.body.scope).toBe("fotoweb.me");
    expect(granted.body.refresh_token).toBeTruthy();
    const me = await program({ authorization: `Bearer ${granted.body.access_token}` }).json(
      "/fotoweb/me/",
      "application/vnd.fotoware.full-api-descriptor+json",
    );
    expect(JSON.stringify(me)).toContain(TEST_ADMIN.username);

    // The refresh token is bound to its client: another client, or none, cannot use it.
    const stolen = await tokenRequest(
      { grant_type: "refresh_token", refresh_token: granted.body.refresh_token! },
      { authorization: basic(other.clientId, other.clientSecret) },
    );
    expect(stolen.body.error).toBe("invalid_grant");
    const anonymous = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: granted.body.refresh_token!,
    });
    expect(anonymous.status).toBe(401);
    const refreshed = await byId({
      grant_type: "refresh_token",
      refresh_token: granted.body.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(granted.body.access_token);

    const revoked = await send("/fotoweb/oauth2/revoke", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: picker.clientId,
        token: refreshed.body.refresh_token!,
      }),
    });
    expect(revoked.status).toBe(200);
    const after = await program({ authorization: `Bearer ${refreshed.body.access_token}` }).call(
      "/fotoweb/me/",
      { headers: { accept: "application/json" } },
    );
    expect(after.status).toBe(401);
  });

  test("without the verifier, with a wrong one, with a secret, or another grant: refused", async () => {
    const fields = { grant_type: "authorization_code", code: await code(), redirect_uri: callback };
    const missing = await byId(fields);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("invalid_request");
    const wrong = await byId({
      ...fields,
      code_verifier: crypto.randomBytes(40).toString("base64url"),
    });
    expect(wrong.body.error).toBe("invalid_grant");
    const withSecret = await tokenRequest(
      { ...fields, code_verifier: verifier },
      { authorization: basic(picker.clientId, "made-up") },
    );
    expect(withSecret.status).toBe(401);
    expect(withSecret.body.error).toBe("invalid_client");
    // Named in HTTP Basic with an empty secret, as some libraries send a public client.
    const basicOnly = await tokenRequest(
      {
        grant_type: "authorization_code",
        code: await code(),
        redirect_uri: callback,
        code_verifier: verifier,
      },
      { authorization: basic(picker.clientId, "") },
    );
    expect(basicOnly.status).toBe(200);
    const credentials = await byId({ grant_type: "client_credentials" });
    expect(credentials.status).toBe(400);
    expect(credentials.body.error).toBe("unauthorized_client");
    const password = await byId({ grant_type: "password", username: "x", password: "y" });
    expect(password.body.error).toBe("unauthorized_client");
  });
});

describe("an asset's previewToken as a bearer (as pyfwapi sends it)", () => {
  test("opens that asset's previews, and nothing else", async () => {
    const p = program({ authorization: `Bearer ${await clientCredentialsToken()}` });
    const list = await p.json(
      `${harbour.href}?q=harbour`,
      "application/vnd.fotoware.assetlist+json",
    );
    type Listed = { previewToken: string; previews: { href: string; size: number }[] };
    const [first, second] = list.data as Listed[];
    expect(first!.previewToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Not the content hash a file URL carries: a URL alone gives no token.
    for (const preview of first!.previews) expect(preview.href).not.toContain(first!.previewToken);
    const bearer = { authorization: `Bearer ${first!.previewToken}` };
    for (const preview of first!.previews) {
      const file = await send(preview.href, { headers: bearer });
      expect(file.status, preview.href).toBe(200);
      expect(file.headers.get("content-type")).toMatch(/^image\//);
    }
    // Another asset's preview, the original, the API: the token is no access token.
    expect((await send(second!.previews[0]!.href, { headers: bearer })).status).toBe(401);
    const original = first!.previews[0]!.href.replace(/\/(preview|thumbnail\w*)\//, "/original/");
    expect((await send(original, { headers: bearer })).status).toBe(401);
    const me = await send("/fotoweb/me/", { headers: { ...bearer, accept: "application/json" } });
    expect(me.status).toBe(401);
    // A token that is almost it opens nothing.
    const token = first!.previewToken;
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const refused = await send(first!.previews[0]!.href, {
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(refused.status).toBe(401);
  });
});

describe("the token endpoint refuses in OAuth's error shape", () => {
  test("missing or wrong client credentials, unknown grants, bad bodies", async () => {
    const noSecret = await tokenRequest({
      grant_type: "client_credentials",
      client_id: app.clientId,
    });
    expect(noSecret.status).toBe(401);
    expect(noSecret.body.error).toBe("invalid_client");
    const wrong = await tokenRequest(
      { grant_type: "client_credentials" },
      { authorization: basic(app.clientId, "wrong") },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
    const grant = await tokenRequest(
      { grant_type: "password", username: "x", password: "y" },
      { authorization: basic(app.clientId, app.clientSecret) },
    );
    expect(grant.status).toBe(400);
    expect(grant.body.error).toMatch(/unauthorized_client|unsupported_grant_type/);
    const notAllowed = await tokenRequest(
      { grant_type: "authorization_code", code: "x" },
      { authorization: basic(app.clientId, app.clientSecret) },
    );
    expect(notAllowed.body.error).toBe("unauthorized_client");
    const json = await send("/fotoweb/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(json.status).toBe(400);
    expect((await readApiJson<{ error: string }>(json)).error).toBe("invalid_request");
    const get = await send("/fotoweb/oauth2/token");
    expect(get.status).toBe(405);
  });

  test("is rate-limited per client address, failures only (issue 29)", async () => {
    // The earlier tests' failures came from this address too.
    await db().deleteFrom("rate_limit_hits").execute();
    const id = crypto.randomBytes(16).toString("hex");
    const statuses: number[] = [];
    for (let i = 0; i <= server.env.TOKEN_RATE_LIMIT; i++) {
      statuses.push(
        (
          await tokenRequest(
            { grant_type: "client_credentials" },
            { authorization: basic(id, "x") },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const last = await tokenRequest(
      { grant_type: "client_credentials" },
      { authorization: basic(id, "x") },
    );
    expect(last.status).toBe(429);
    expect(last.body.error).toBe("temporarily_unavailable");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    // The address is held back, whichever client it names; the counts go for the next tests.
    expect(
      (
        await tokenRequest(
          { grant_type: "client_credentials" },
          { authorization: basic(app.clientId, app.clientSecret) },
        )
      ).status,
    ).toBe(429);
    await db().deleteFrom("rate_limit_hits").execute();
    await clientCredentialsToken();
  });
});

describe("the log", () => {
  test("holds the requests, and no secret or token", async () => {
    // Requests of this test's own; the file's other tests add theirs when they ran first.
    const token = await clientCredentialsToken();
    await send(`/fotoweb/me/?access_token=${token}`, { headers: { accept: "application/json" } });
    await vi.waitUntil(() => /access_token=%5Bhidden%5D/.test(logged.join("")));
    const text = logged.join("");
    expect(text).toMatch(/POST \/fotoweb\/oauth2\/token 200/);
    expect(secrets).toContain(token);
    expect(secrets).toContain(app.clientSecret);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
