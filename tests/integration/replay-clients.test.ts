import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { checkJsonResponse, noteRequestMethod, readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { insertGroup } from "../helpers/groups";
import { finishedJob } from "../helpers/jobs";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Real integrations written for FotoWare, replayed call by call from what their public code
 * documents (issue 33): each sends what that client sends (its headers, its paths with or without
 * the trailing slash, its token where it puts it) and reads what it reads, with the types it
 * expects, to its last call. The code is ours; the calls and the keys are theirs:
 * - a CMS content sync (Enonic XP's FotoWare app): a client-credentials token, the private
 *   descriptor with the token in the query, a search over every archive as a collection list,
 *   each hit's collection paged to its end, its metadata view, and the "Original File" rendition
 *   through the rendition service;
 * - a Python library (pyfwapi): the descriptor, the archives paged, one archive by its bare id,
 *   its assets, a search with `;o=+`, one asset read whole, its preview with the previewToken as
 *   the bearer, a rendition by its Location, the known fields and namespaces, a metadata task
 *   polled to its end;
 * - a PHP CMS module (Contao): a client-credentials token and an archive asked for as a
 *   collection list, read for its assets and taxonomies;
 * - an image picker for a headless CMS (a Sanity plugin): a public client signing in with PKCE
 *   from the studio's page (CORS), the selection widget in an iframe with the token in its
 *   address, and the first preview of 2400 px or more, fetched by the CMS with no credential.
 * Every JSON answer is checked against the reference as all our tests' are.
 */

const FORM = "application/x-www-form-urlencoded";
const COLLECTIONLIST = "application/vnd.fotoware.collectionlist+json";
const ASSETLIST = "application/vnd.fotoware.assetlist+json";

let server: TestServer;
let worker: Worker;
let archive: Archive;
let app: { clientId: string; clientSecret: string };

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function photo(width: number, height: number, grey = false) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  });
  return (grey ? image.greyscale().toColourspace("b-w") : image).jpeg({ quality: 80 }).toBuffer();
}

/** A program's call: plain fetch, no cookies, every JSON answer held to the contract. */
async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, server.url), { redirect: "manual", ...init });
  noteRequestMethod(response, init.method ?? "GET");
  await checkJsonResponse(response);
  return response;
}

async function json(path: string, init: RequestInit = {}): Promise<Json> {
  const response = await call(path, init);
  expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(200);
  return readApiJson(response);
}

/** The kinds a client's model declares for these keys, checked as it would parse them. */
function expectKinds(value: Json, kinds: Record<string, string>, where: string) {
  for (const [key, kind] of Object.entries(kinds)) {
    const v = value?.[key];
    const actual = Array.isArray(v) ? "array" : v === null ? "null" : typeof v;
    expect(kind.split("|"), `${where}.${key} is ${actual}`).toContain(actual);
  }
}

/** client_credentials at the token endpoint, with the secret in the form (both clients). */
async function clientCredentials(): Promise<string> {
  const response = await call("/fotoweb/oauth2/token", {
    method: "POST",
    headers: { "content-type": FORM, accept: "application/json" },
    body: `grant_type=client_credentials&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
  });
  expect(response.status).toBe(200);
  const body = await readApiJson<{ access_token: string; token_type: string }>(response);
  expect(body.token_type.toLowerCase()).toBe("bearer");
  return body.access_token;
}

/** A paged list to its end as both clients page it: the first page may be a collection. */
async function allPages(first: string, headers: Record<string, string>) {
  const items: Json[] = [];
  let next: string | undefined = first;
  for (let pages = 0; next && pages < 50; pages++) {
    const body: Json = await json(next, { headers });
    const page = body.assets ?? body;
    items.push(...(page.data as Json[]));
    next = page.paging?.next || undefined;
  }
  return items;
}

beforeAll(async () => {
  server = await startTestServer();
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  const robot = await createUser({ username: "sync-robot", password: "sync-robot-pass-1" });
  // The library's configuration reads (fields, namespaces) are an archive manager's.
  const managers = await insertGroup("Sync managers", { manageArchives: true });
  await db()
    .insertInto("group_members")
    .values({ group_id: managers, user_id: robot.id })
    .execute();
  archive = await createArchive({
    name: "Newsroom",
    members: [
      {
        type: "user",
        id: robot.id,
        permissions: ["View", "Preview", "Download", "EditText", "UploadFile"],
        autoSearch: "",
      },
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  const owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const files: [string, Buffer][] = [
    ["sunset-harbour.jpg", await photo(3000, 2000)],
    ["sunset-fjord.jpg", await photo(1200, 800)],
    ["sunset-grey.jpg", await photo(900, 600, true)],
    ["market.jpg", await photo(800, 600)],
    ["bridge.jpg", await photo(800, 600)],
  ];
  for (const [name, data] of files) {
    const form = new FormData();
    if (name === "bridge.jpg") form.append("folder", "City");
    form.append("file", new Blob([new Uint8Array(data)]), name);
    const response = await owner.request(archive.href, {
      method: "POST",
      headers: { accept: "application/json" },
      body: form,
    });
    const { href } = await readApiJson<{ href: string }>(response);
    expect((await finishedJob(Number(href.split("/").pop()))).status).toBe("done");
  }
  const made = await owner.request("/fotoweb/api/config/applications", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      name: "Content sync",
      grants: ["client_credentials"],
      redirectUris: [],
      user: `/fotoweb/api/users/${robot.id}`,
    }),
  });
  expect(made.status).toBe(201);
  app = await readApiJson(made);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
});

describe("a CMS content sync (Enonic XP's FotoWare app)", () => {
  test("runs from its token to the original file of every hit", async () => {
    const token = await clientCredentials();
    // The private descriptor with the token in the query, where this client puts it.
    const descriptor = await json(`/fotoweb/me/?access_token=${encodeURIComponent(token)}`, {
      headers: { accept: "application/vnd.fotoware.full-api-descriptor+json" },
    });
    expectKinds(descriptor, { archives: "string", searchURL: "string" }, "descriptor");
    const renditionService: string = descriptor.services.rendition_request;
    expect(typeof renditionService).toBe("string");

    // A search over every archive, as a collection list it expects unpaged.
    const bearer = { authorization: `bearer ${token}` };
    const list = await json(
      (descriptor.searchURL as string).replace("{?q}", `?q=${encodeURIComponent("sunset")}`),
      { headers: { accept: COLLECTIONLIST, ...bearer } },
    );
    expect(list.paging ?? null).toBeNull();
    const hits = (list.data as Json[]).filter((c) => c.assetCount);
    expect(hits.map((c) => c.name)).toEqual(["Newsroom"]);
    let originals = 0;
    for (const collection of hits) {
      expectKinds(
        collection,
        { assetCount: "number", href: "string", originalURL: "string" },
        "hit",
      );
      // Its metadata view: the token in the query again, and no Accept at all.
      const view = await json(
        `${collection.metadataEditor.href}?access_token=${encodeURIComponent(token)}`,
      );
      expectKinds(view, { builtinFields: "object", detailRegions: "array" }, "view");
      // The hit's href keeps the search: paging it gives what assetCount promised.
      const assets = await allPages(collection.href, { accept: ASSETLIST, ...bearer });
      expect(assets.length).toBe(collection.assetCount);
      expect(assets.map((a) => a.filename).sort()).toEqual([
        "sunset-fjord.jpg",
        "sunset-grey.jpg",
        "sunset-harbour.jpg",
      ]);
      for (const asset of assets) {
        expectKinds(asset, { doctype: "string", filesize: "number", metadata: "object" }, "asset");
        const original = (asset.renditions as Json[]).find(
          (r) => r.display_name === "Original File",
        );
        expect(original, asset.filename).toBeDefined();
        const requested = await call(renditionService, {
          method: "POST",
          headers: {
            "content-type": "application/vnd.fotoware.rendition-request+json",
            accept: "application/vnd.fotoware.rendition-response+json",
            ...bearer,
          },
          body: JSON.stringify({ href: original.href }),
        });
        expect(requested.status).toBe(202);
        const { href } = await readApiJson<{ href: string }>(requested);
        let file = await call(href, { headers: bearer });
        for (let polls = 0; file.status === 202 && polls < 20; polls++)
          file = await call(href, { headers: bearer });
        expect(file.status).toBe(200);
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
        originals++;
      }
    }
    expect(originals).toBe(3);
  });
});

describe("a Python library (pyfwapi)", () => {
  test("reads the site, its archives and assets, previews, renditions and fields", async () => {
    const token = await clientCredentials();
    const auth = { authorization: `Bearer ${token}`, accept: "application/json" };
    // Paths as the library writes them: no trailing slash.
    const descriptor = await json("/fotoweb/me", { headers: auth });
    const renditionService: string = descriptor.services.rendition_request;

    const archives = await allPages("/fotoweb/me/archives", auth);
    for (const a of archives)
      expectKinds(
        a,
        {
          id: "string|null",
          name: "string",
          href: "string",
          data: "string",
          type: "string",
          searchURL: "string",
          originalURL: "string",
          isSearchable: "boolean",
          permissions: "array",
          canMoveTo: "boolean",
          canUploadTo: "boolean",
        },
        "archive",
      );
    const listed = archives.find((a) => a.name === "Newsroom");
    const byId = await json(`/fotoweb/archives/${listed.id}`, { headers: auth });
    expect(byId.href).toBe(archive.href);

    const assets = await allPages(byId.data, auth);
    expect(assets).toHaveLength(5);
    // Its search: `;o=+` before the query, for the default order.
    const found = await allPages(
      (byId.searchURL as string).replace("{?q}", `;o=+?q=${encodeURIComponent("sunset")}`),
      auth,
    );
    expect(found).toHaveLength(3);

    const grey = found.find((a) => a.filename === "sunset-grey.jpg");
    const asset = await json(grey.href, { headers: auth });
    expectKinds(
      asset,
      {
        href: "string",
        physicalFileId: "string",
        linkstance: "string",
        filename: "string",
        filesize: "number",
        doctype: "string",
        archiveId: "number",
        archiveHREF: "string",
        builtinFields: "array",
        metadata: "object",
        previews: "array",
        previewToken: "string",
        renditions: "array",
        quickRenditions: "array",
      },
      "asset",
    );
    expectKinds(
      asset.attributes.imageattributes,
      {
        pixelwidth: "number",
        pixelheight: "number",
        resolution: "number",
        flipmirror: "number",
        rotation: "number",
        colorspace: "string",
      },
      "imageattributes",
    );
    expect(asset.attributes.imageattributes.colorspace).toBe("grayscale");
    for (const q of asset.quickRenditions as Json[])
      expectKinds(q, { href: "string", name: "string", square: "boolean" }, "quickRendition");
    for (const r of asset.renditions as Json[])
      expectKinds(
        r,
        {
          href: "string",
          display_name: "string",
          description: "string|null",
          default: "boolean",
          original: "boolean|null",
          profile: "string|null",
        },
        "rendition",
      );

    // The preview with the previewToken as the only credential.
    const preview = (asset.previews as Json[]).at(-1);
    const image = await call(preview.href, {
      headers: { authorization: `Bearer ${asset.previewToken}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");

    // A rendition: the service's Location, fetched with the client's token until ready.
    const original = (asset.renditions as Json[]).find((r) => r.original === true);
    const requested = await call(renditionService, {
      method: "POST",
      headers: {
        ...auth,
        "content-type": "application/vnd.fotoware.rendition-request+json",
        accept: "application/vnd.fotoware.rendition-response+json",
      },
      body: JSON.stringify({ href: original.href }),
    });
    expect(requested.status).toBe(202);
    const location = requested.headers.get("location")!;
    expect(location).toBeTruthy();
    const file = await call(location, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);

    // The undocumented configuration it reads: plain lists.
    const namespaces = await json("/fotoweb/api/config/metadata/namespaces", { headers: auth });
    expect(Array.isArray(namespaces)).toBe(true);
    const known = await json("/fotoweb/api/config/metadata/fields/known", { headers: auth });
    expect(Array.isArray(known)).toBe(true);
    expect(known.length).toBeGreaterThan(0);

    // A metadata edit as a background task, polled to its end.
    const started = await call(descriptor.background_tasks ?? "/fotoweb/me/background-tasks/", {
      method: "POST",
      headers: {
        ...auth,
        "content-type": "application/vnd.fotoware.metadata-edit-request+json",
      },
      body: JSON.stringify({
        assets: [{ href: asset.href }],
        "job-metadata": [{ field: 5, value: "Grey sunset" }],
      }),
    });
    expect(started.status).toBe(201);
    const task = await readApiJson<{ location: string; maxInterval: number; status: string }>(
      started,
    );
    expectKinds(task, { location: "string", maxInterval: "number", status: "string" }, "task");
    let status: Json;
    for (let polls = 0; polls < 100; polls++) {
      status = await json(task.location, { headers: auth });
      if (status.job.status !== "pending" && status.job.status !== "inProgress") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.job.status).toBe("done");
    expect(["pending", "inProgress", "done", "failed"]).toContain(status.task.status);
    expectKinds(status.job, { updates: "number", result: "array" }, "job");
    for (const r of status.job.result as Json[])
      expectKinds(
        r,
        {
          href: "string",
          done: "boolean",
          "result-href": "string",
          "result-collection-created": "boolean",
          "result-collection-href": "string",
          "changed-thumbnailFields": "array",
          "original-removed": "boolean",
          "result-filename": "string",
        },
        "result",
      );
  });
});

describe("a PHP CMS module (Contao)", () => {
  test("reads an archive as a collection list for its assets and taxonomies", async () => {
    const token = await clientCredentials();
    const headers = { accept: COLLECTIONLIST, authorization: `Bearer ${token}` };
    // Relative to its base URL, without the trailing slash.
    const body = await json(archive.href.replace(/\/$/, ""), { headers });
    expect((body.assets.data as Json[]).map((a) => a.filename).sort()).toEqual([
      "bridge.jpg",
      "market.jpg",
      "sunset-fjord.jpg",
      "sunset-grey.jpg",
      "sunset-harbour.jpg",
    ]);
    expect(Array.isArray(body.taxonomies)).toBe(true);
    for (const asset of body.assets.data as Json[]) {
      expect(typeof asset.href).toBe("string");
      expect((asset.previews as Json[]).length).toBeGreaterThan(0);
    }
    // Its folder, asked for the same way.
    const city = (body.data as Json[]).find((c) => c.name === "City");
    const folder = await json(city.href, { headers });
    expect((folder.assets.data as Json[]).map((a) => a.filename)).toEqual(["bridge.jpg"]);
  });
});

describe("an image picker for a headless CMS (a Sanity plugin)", () => {
  const STUDIO = "https://studio.example";
  const callback = `${STUDIO}/callback`;
  const verifier = crypto.randomBytes(48).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");

  test("signs in as a public client from the browser and picks a 2400 px preview", async () => {
    const owner = new Client(server.url);
    await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await updateSiteSettings({ apiOrigins: [STUDIO] });
    const made = await owner.request("/fotoweb/api/config/applications", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        name: "Studio picker",
        clientType: "public",
        grants: ["authorization_code", "refresh_token"],
        redirectUris: [callback],
      }),
    });
    expect(made.status).toBe(201);
    const { clientId } = await readApiJson<{ clientId: string }>(made);

    // The person signs in and allows it; the browser comes back with the code.
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: callback,
      scope: "fotoweb.me",
      state: crypto.randomUUID(),
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    const authorize = `/fotoweb/oauth2/authorize?${new URLSearchParams(params)}`;
    expect((await owner.get(authorize)).status).toBe(200);
    const allowed = await owner.post(authorize, { ...params, decision: "allow" });
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(callback);
    expect(back.searchParams.get("state")).toBe(params.state);

    // The studio's page exchanges it by fetch: a preflight, then the form, no secret.
    const preflight = await call("/fotoweb/oauth2/token", {
      method: "OPTIONS",
      headers: {
        origin: STUDIO,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(STUDIO);
    const exchanged = await call("/fotoweb/oauth2/token", {
      method: "POST",
      headers: { origin: STUDIO, "content-type": FORM, accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        client_id: clientId,
        code: back.searchParams.get("code")!,
        redirect_uri: callback,
        code_verifier: verifier,
      }).toString(),
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get("access-control-allow-origin")).toBe(STUDIO);
    const { access_token: token, expires_in: expiresIn } = await readApiJson<{
      access_token: string;
      expires_in: number;
    }>(exchanged);
    expect(expiresIn).toBeGreaterThan(0);

    // The selection widget in the studio's iframe, the token in its address.
    const widget = await call(
      `/fotoweb/widgets/selection?access_token=${encodeURIComponent(token)}`,
      { headers: { accept: "text/html" } },
    );
    expect(widget.status).toBe(200);
    expect(widget.headers.get("content-security-policy")).toContain(
      `frame-ancestors 'self' ${STUDIO}`,
    );
    const page = await widget.text();
    expect(page).toContain(STUDIO);

    // What the widget posts is the asset as the API gives it: the plugin takes the first
    // preview of 2400 px or more and hands its URL to the CMS, which fetches it with nothing.
    const list = await json(`${archive.href}?q=harbour`, {
      headers: { accept: ASSETLIST, authorization: `Bearer ${token}`, origin: STUDIO },
    });
    const asset = await json(list.data[0].href, {
      headers: { accept: "application/json", authorization: `Bearer ${token}` },
    });
    const large = (asset.previews as Json[]).find((p) => p.size >= 2400);
    expect(large).toBeDefined();
    const image = await fetch(new URL(large.href, server.url));
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(2400);
  });
});
