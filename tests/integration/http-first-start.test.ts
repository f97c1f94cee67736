import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { endMetadataWriter } from "~/media/metadata-write.server";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { DEMO_ARCHIVE_NAME, ensureDemoArchive } from "~/models/demo/demo-archive.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * A newcomer's first start (issue 3): the demo archive the server makes on an empty database is
 * what an anonymous visitor sees on the archive list, with a cover, and its grid shows the
 * photographs with thumbnails they can load. server/index.ts calls ensureDemoArchive at start;
 * here it is called directly with fewer photographs, to keep the suite quick.
 */

let server: TestServer;
let worker: Worker;

beforeAll(async () => {
  server = await startTestServer();
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  expect(await ensureDemoArchive({ count: 4 })).toBe(4);
  await vi.waitUntil(
    async () => {
      const states = await db().selectFrom("assets").select("state").execute();
      return states.length === 4 && states.every((s) => s.state === "ready");
    },
    { timeout: 90_000, interval: 100 },
  );
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await endMetadataWriter(); // exiftool wrote the demo photographs' IPTC
  await server?.close();
});

test("an anonymous visitor sees the demo archive as a tile with its cover", async () => {
  const visitor = new Client(server.url);
  const page = await visitor.get("/fotoweb/archives/");
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(DEMO_ARCHIVE_NAME);
  // As the page's text: the words themselves travel in its messages block (decision 101).
  expect(html).not.toContain("No public albums or archives were found.</p>");
  expect(html).not.toContain('aria-label="Results"');
  expect(html).toMatch(/<img[^>]+src="\/fotoweb\/files\/\d+\/thumbnail/);
});

test("the demo archive's grid shows its photographs, whose thumbnails load", async () => {
  const visitor = new Client(server.url);
  const list = await visitor.getJson(
    "/fotoweb/archives/",
    "application/vnd.fotoware.collectionlist+json",
  );
  const { data } = (await readApiJson(list)) as { data: { name: string; href: string }[] };
  const demo = data.find((c) => c.name === DEMO_ARCHIVE_NAME);
  expect(demo).toBeDefined();
  const grid = await visitor.get(demo!.href);
  expect(grid.status).toBe(200);
  const html = await grid.text();
  const thumbnails = [...html.matchAll(/src="(\/fotoweb\/files\/\d+\/thumbnail\/[^"]+)"/g)].map(
    (m) => m[1]!.replaceAll("&amp;", "&"),
  );
  expect(thumbnails).toHaveLength(4);
  const image = await visitor.get(thumbnails[0]!);
  expect(image.status).toBe(200);
  expect(image.headers.get("content-type")).toBe("image/jpeg");
});
