import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import sharp from "sharp";
import { db } from "~/db/connection.server";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker } from "~/jobs/worker.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { scanArchive } from "~/models/archive/path-scan.server";
import { fileUrl } from "~/models/rendition/rendition.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Path archives over HTTP (decision 042) on the dialect under test: the pools and index-browser
 * calls of spec 001 section 7, the scan on demand (API and page), and the no-JS index browser
 * page; each only for manageArchives (404 to others, 401 to nobody), with hostile input refused.
 */

interface Pools {
  AllowExternalPath: boolean;
  AllowPoolManagement: boolean;
  Pools: { Id: string; Name: string; Path: string }[];
}
interface SearchAnswer {
  AuthenticationRequired: boolean;
  ConnectionFailed: boolean;
  ConnectionError: string;
  IsInsecure: boolean;
  ServerUri: string;
  Pools: { Name: string; Path: string }[];
}

let server: TestServer;
let owner: Client;
let member: Client;
let anonymous: Client;
let work: string;
let root: string;
let indexed: Archive;
let pool: Archive;

const search = (client: Client, body: unknown) =>
  client.request("/fotoweb/api/im-pools/search", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const postJson = (client: Client, pathname: string) =>
  client.request(pathname, { method: "POST", headers: { accept: "application/json" } });

beforeAll(async () => {
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-http-path-")));
  root = path.join(work, "root");
  fs.mkdirSync(path.join(root, "photos", "2024"), { recursive: true });
  fs.mkdirSync(path.join(root, "photos", ".hidden"));
  fs.mkdirSync(path.join(root, "videos"));
  fs.mkdirSync(path.join(work, "outside"));
  fs.symlinkSync(path.join(work, "outside"), path.join(root, "photos", "link-out"));
  server = await startTestServer({ ARCHIVE_ROOTS: root, INGEST_CONCURRENCY: "0" });
  await createUser({ username: "member", password: "member-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  anonymous = new Client(server.url);
  indexed = await createArchive({ name: "Indexed", config: { Path: path.join(root, "photos") } });
  pool = await createArchive({ name: "Pooled" });
}, 60_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("pools and index servers", () => {
  test("the one pool, and a free path because roots are configured", async () => {
    const pools = await readApiJson<Pools>(await owner.getJson("/fotoweb/api/pools"));
    expect(pools).toEqual({
      AllowExternalPath: true,
      AllowPoolManagement: false,
      Pools: [{ Id: "default", Name: expect.any(String) as string, Path: "" }],
    });
    const servers = await readApiJson<{ Servers: { Name: string; Path: string }[] }>(
      await owner.getJson("/fotoweb/api/im-pools/servers"),
    );
    expect(servers.Servers).toEqual([{ Name: "root", Path: root, ServerUri: root }]);
  });

  test("to anyone without manageArchives the calls do not exist; nobody signed in is asked to", async () => {
    for (const address of ["/fotoweb/api/pools", "/fotoweb/api/im-pools/servers"]) {
      expect((await member.getJson(address)).status, address).toBe(404);
      expect((await anonymous.getJson(address)).status, address).toBe(401);
    }
    expect((await search(member, { Query: root })).status).toBe(404);
    expect((await search(anonymous, { Query: root })).status).toBe(401);
    expect((await postJson(member, `/fotoweb/api/config/archives/${indexed.id}/scan`)).status).toBe(
      404,
    );
  });
});

describe("the index search", () => {
  test("an empty query answers the roots; a folder answers its subfolders, no link or hidden one", async () => {
    const roots = await readApiJson<SearchAnswer>(await search(owner, { Query: "" }));
    expect(roots).toMatchObject({ ConnectionFailed: false, Pools: [{ Name: "root", Path: root }] });
    const photos = await readApiJson<SearchAnswer>(
      await search(owner, { Query: path.join(root, "photos"), AllowInsecure: true }),
    );
    expect(photos).toEqual({
      AuthenticationRequired: false,
      ConnectionFailed: false,
      ConnectionError: "",
      IsInsecure: false,
      ServerUri: path.join(root, "photos"),
      Pools: [{ Name: "2024", Path: path.join(root, "photos", "2024") }],
    });
  });

  test("a folder not allowed, a link out, a missing folder, credentials: ConnectionFailed with why", async () => {
    for (const [Query, reason] of [
      [path.join(work, "outside"), /outside/],
      [path.join(root, "photos", "link-out"), /leads outside/],
      [path.join(root, "nothing"), /does not exist/],
      ["relative/path", /full path/],
    ] as const) {
      const answer = await readApiJson<SearchAnswer>(await search(owner, { Query }));
      expect(answer.ConnectionFailed, Query).toBe(true);
      expect(answer.ConnectionError, Query).toMatch(reason);
      expect(answer.Pools).toEqual([]);
    }
    const logOn = await readApiJson<SearchAnswer>(
      await search(owner, { Query: root, Username: "someone", Password: "secret" }),
    );
    expect(logOn).toMatchObject({ AuthenticationRequired: false, ConnectionFailed: true });
    expect(logOn.ConnectionError).toMatch(/does not support credentials/);
  });

  test("malformed and hostile bodies are 400 with the field's message", async () => {
    expect((await search(owner, "{not json")).status).toBe(400);
    expect((await search(owner, [])).status).toBe(400);
    const long = await search(owner, { Query: `/${"a".repeat(2000)}` });
    expect(long.status).toBe(400);
    expect(
      (await readApiJson<{ fieldErrors: Record<string, string> }>(long)).fieldErrors,
    ).toHaveProperty("Query");
    const nul = await readApiJson<SearchAnswer>(await search(owner, { Query: `${root}\0/x` }));
    expect(nul.ConnectionFailed).toBe(true);
    expect((await owner.getJson("/fotoweb/api/im-pools/search")).status).toBe(405);
  });
});

describe("the scan on demand", () => {
  test("the API answers 202 with the scan's background task, which its caller can poll", async () => {
    const response = await postJson(owner, `/fotoweb/api/config/archives/${indexed.id}/scan`);
    expect(response.status).toBe(202);
    const body = await readApiJson<{ href: string }>(response);
    expect(body.href).toMatch(/^\/fotoweb\/me\/background-tasks\/\d+$/);
    expect(response.headers.get("location")).toBe(body.href);
    const task = await owner.getJson(body.href, "application/vnd.fotoware.upload-status+json");
    expect(task.status).toBe(200);
    // A second request while the first waits answers the same task.
    const again = await readApiJson<{ href: string }>(
      await postJson(owner, `/fotoweb/api/config/archives/${indexed.id}/scan`),
    );
    expect(again.href).toBe(body.href);
  });

  test("a pool archive has nothing to scan (409); an unknown archive is 404", async () => {
    expect((await postJson(owner, `/fotoweb/api/config/archives/${pool.id}/scan`)).status).toBe(
      409,
    );
    expect((await postJson(owner, "/fotoweb/api/config/archives/999999/scan")).status).toBe(404);
    expect((await postJson(owner, "/fotoweb/api/config/archives/abc/scan")).status).toBe(404);
  });

  test("the page shows the folder and queues a scan with a plain form post", async () => {
    const page = await owner.get(`/fotoweb/views/admin/archives/${indexed.id}/scan`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(path.join(root, "photos"));
    expect(html).toContain("Scan now");
    const posted = await owner.post(`/fotoweb/views/admin/archives/${indexed.id}/scan`, {
      intent: "scan",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe(`/fotoweb/views/admin/archives/${indexed.id}/scan`);
    expect((await member.get(`/fotoweb/views/admin/archives/${indexed.id}/scan`)).status).toBe(404);
    expect(
      (await member.post(`/fotoweb/views/admin/archives/${indexed.id}/scan`, { intent: "scan" }))
        .status,
    ).toBe(404);
    expect((await owner.get("/fotoweb/views/admin/archives/999999/scan")).status).toBe(404);
  });
});

describe("the index browser page", () => {
  test("lists subfolders as links, with the folder above; refuses a folder outside", async () => {
    const page = await owner.get(
      `/fotoweb/views/admin/index-browser?path=${encodeURIComponent(path.join(root, "photos"))}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(
      `href="/fotoweb/views/admin/index-browser?path=${encodeURIComponent(path.join(root, "photos", "2024"))}"`,
    );
    expect(html).toContain(
      `href="/fotoweb/views/admin/index-browser?path=${encodeURIComponent(root)}"`,
    );
    expect(html).not.toContain("link-out");
    const outside = await owner.get(
      `/fotoweb/views/admin/index-browser?path=${encodeURIComponent(path.join(work, "outside"))}`,
    );
    expect(outside.status).toBe(200);
    expect(await outside.text()).toContain("outside the folders archives may index");
    expect((await member.get("/fotoweb/views/admin/index-browser")).status).toBe(404);
    expect((await anonymous.get("/fotoweb/views/admin/index-browser")).status).toBe(302);
  });
});

describe("files of a path archive over HTTP", () => {
  test("the original downloads from the folder; once changed on disk it is refused until a scan", async () => {
    const data = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 10 } },
    })
      .jpeg()
      .toBuffer();
    const file = path.join(root, "photos", "download.jpg");
    fs.writeFileSync(file, data);
    await scanArchive(indexed.id);
    const worker = startWorker({ handlers: jobHandlers, concurrency: 1, pollMs: 20 });
    let revision;
    try {
      revision = await vi.waitUntil(
        async () => {
          const row = await db()
            .selectFrom("revisions")
            .innerJoin("assets", "assets.id", "revisions.asset_id")
            .select(["revisions.id", "revisions.blob_hash", "assets.state"])
            .where("assets.file_name", "=", "download.jpg")
            .executeTakeFirstOrThrow();
          return row.state === "processing" ? undefined : row;
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await worker.stop();
    }
    expect(revision.state).toBe("ready");
    const url = fileUrl(revision.id, "original", revision.blob_hash, "download.jpg");
    const response = await owner.get(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);

    fs.writeFileSync(file, Buffer.concat([data, Buffer.from("changed")]));
    const stale = await owner.get(url);
    expect(stale.status).toBe(404);
    expect(await stale.text()).toMatch(/changed on disk/);
  });
});
