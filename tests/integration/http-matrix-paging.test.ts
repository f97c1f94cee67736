import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readApiJson } from "../helpers/api-contract";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import {
  numberedCountCap,
  numberedPagingLinks,
  parsePageParams,
} from "~/models/collection/collection-page.server";
import { addPins } from "~/models/pin/pin.server";
import { MAX_LISTING_OFFSET } from "~/models/search/search.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Collection URLs with the reference's matrix parameters: ;p=N pages from 0, ;o= sorts, beside
 * the keyset parameters; the paging links keep the numbered form; hostile values are a 400 with
 * a message; the HTML page takes them too and links by position.
 */

const ASSETLIST = "application/vnd.fotoware.assetlist+json";
const COLLECTION = "application/vnd.fotoware.collection+json";

interface Paging {
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}
interface AssetList {
  data: { id: number; filename: string }[];
  paging: Paging;
}

let server: TestServer;
let archive: Archive;
let member: Client;
let ids: number[];

async function list(path: string, client = member): Promise<AssetList> {
  const response = await client.getJson(path, ASSETLIST);
  expect(response.status, path).toBe(200);
  return (await readApiJson(response)) as AssetList;
}

/** Every asset id reached by following paging.next from the path. */
async function followNext(path: string): Promise<{ seen: number[]; urls: string[] }> {
  const seen: number[] = [];
  const urls: string[] = [];
  let url: string | null = path;
  for (let guard = 0; url; guard++) {
    expect(guard).toBeLessThan(20);
    urls.push(url);
    const body = await list(url);
    seen.push(...body.data.map((a) => a.id));
    url = body.paging.next;
  }
  return { seen, urls };
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  archive = await createArchive({
    name: "Matrix",
    members: [
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  ids = (await insertReadyAssets(archive.id, 30)).map((a) => a.id);
  await createUser({ username: "pager", password: "pager-password-1" });
  await addPins((await findUserByUsername("pager"))!, ids.slice(0, 12));
  member = new Client(server.url);
  await member.signIn("pager", "pager-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe(";p= pages from 0", () => {
  test("the first page's links are numbered, and last is the last page", async () => {
    const body = await list(`${archive.href};p=0?n=7`);
    expect(body.data).toHaveLength(7);
    expect(body.paging).toEqual({
      first: `${archive.href};p=0?n=7`,
      prev: null,
      next: `${archive.href};p=1?n=7`,
      last: `${archive.href};p=4?n=7`,
    });
    // Page 0 is the first page: the same assets as the URL without paging.
    expect(body.data).toEqual((await list(`${archive.href}?n=7`)).data);
  });

  test("following next reaches every asset once, in the keyset listing's order", async () => {
    const numbered = await followNext(`${archive.href};p=0?n=7`);
    expect(numbered.urls.slice(1)).toEqual([1, 2, 3, 4].map((p) => `${archive.href};p=${p}?n=7`));
    const positional = await followNext(`${archive.href}?n=7`);
    expect(numbered.seen).toEqual(positional.seen);
    expect(new Set(numbered.seen)).toEqual(new Set(ids));
  });

  test("a middle page links both ways; the last has no next", async () => {
    expect((await list(`${archive.href};p=2?n=7`)).paging).toMatchObject({
      prev: `${archive.href};p=1?n=7`,
      next: `${archive.href};p=3?n=7`,
    });
    const last = await list(`${archive.href};p=4?n=7`);
    expect(last.data).toHaveLength(2);
    expect(last.paging.next).toBeNull();
  });

  test("a page past the end is empty, and leads back to the last", async () => {
    const body = await list(`${archive.href};p=9?n=7`);
    expect(body.data).toEqual([]);
    expect(body.paging).toMatchObject({ next: null, prev: `${archive.href};p=4?n=7` });
  });

  test("the API's default page size applies, and a trailing slash is taken too", async () => {
    const body = await list(`${archive.href};p=1/`);
    expect(body.data).toHaveLength(5);
    expect(body.paging.prev).toBe(`${archive.href};p=0`);
  });

  test("the collection's data is the numbered URL, and its assets page the same way", async () => {
    const response = await member.getJson(`${archive.href};p=1;o=name?n=7`, COLLECTION);
    expect(response.status).toBe(200);
    const body = (await readApiJson(response)) as { data: string; assets: AssetList };
    expect(body.data).toBe(`${archive.href};p=1;o=name?n=7`);
    expect(body.assets.paging.next).toBe(`${archive.href};p=2;o=name?n=7`);
  });
});

describe(";o= sorts", () => {
  test("as s does, with + or no sign for ascending and - for descending", async () => {
    const byS = (await followNext(`${archive.href}?n=7&s=name`)).seen;
    for (const o of ["name", "%2Bname"]) {
      const { seen, urls } = await followNext(`${archive.href};o=${o}?n=7`);
      expect(seen).toEqual(byS);
      expect(urls[1]).toBe(`${archive.href};p=1;o=${o === "name" ? "name" : "%2Bname"}?n=7`);
    }
    const descending = (await followNext(`${archive.href};o=-name?n=7`)).seen;
    expect(descending).toEqual((await followNext(`${archive.href}?n=7&s=-name`)).seen);
  });

  test("keeps a search and a folder-less query beside the numbers", async () => {
    const body = await list(`${archive.href};p=0;o=-added?q=fn:name01*&n=2`);
    expect(body.data.every((a) => a.filename.startsWith("name01"))).toBe(true);
    expect(body.paging.next).toBe(`${archive.href};p=1;o=-added?q=fn%3Aname01*&n=2`);
  });
});

describe("hostile matrix parameters are a 400 with a message, never a 500", () => {
  test.each([
    [";p=-1", /;p=/],
    [";p=abc", /;p=/],
    [";p=1.5", /;p=/],
    [";p=", /;p=/],
    [";p=99999999999999999999", /;p=/],
    [`;p=${MAX_LISTING_OFFSET}`, /to 400 at 25/],
    [";p=1;p=2", /once/],
    [";o=bogus", /;o=/],
    [";o=", /;o=/],
    [";o=++", /;o=/],
    [";x=1", /matrix parameter x/],
    [";p=1?after=abc", /not both/],
    [";o=name?s=name", /once/],
    [";o=name?last=1", /not both/],
    [";p=1%3Bo%3Dname", /;p=/],
    [";o=%3Cscript%3Ealert(1)%3C%2Fscript%3E", /;o=/],
  ])("%s", async (matrix, message) => {
    const response = await member.getJson(`${archive.href}${matrix}`, ASSETLIST);
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { value: string };
    expect(body.value).toMatch(message);
  });

  test("a malformed escape is refused as any malformed address is", async () => {
    const response = await member.getJson(`${archive.href};p=%ZZ`, ASSETLIST);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  test("on a missing or hidden archive the answer is the missing archive's", async () => {
    const response = await member.getJson("/fotoweb/archives/99999-Nope/;p=1", ASSETLIST);
    expect(response.status).toBe(404);
  });

  test("matrix parameters elsewhere are no collection's: 404", async () => {
    for (const path of ["/fotoweb/;p=1", "/fotoweb/archives/;p=1", "/fotoweb/me/;p=1"]) {
      const response = await member.getJson(path, ASSETLIST);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("pins and the HTML pages", () => {
  test("the pins page by number, as JSON", async () => {
    const body = await list("/fotoweb/me/pins/;p=1?n=5");
    expect(body.data).toHaveLength(5);
    expect(body.paging).toEqual({
      first: "/fotoweb/me/pins/;p=0?n=5",
      prev: "/fotoweb/me/pins/;p=0?n=5",
      next: "/fotoweb/me/pins/;p=2?n=5",
      last: "/fotoweb/me/pins/;p=2?n=5",
    });
  });

  test("a browser is sent to the query form, which the archive page answers with position links", async () => {
    const response = await member.get(`${archive.href};p=1;o=name?n=7`, { accept: "text/html" });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(`${archive.href}?n=7&%3Bp=1&%3Bo=name`);
    const page = await member.get(location, { accept: "text/html" });
    expect(page.status).toBe(200);
    const html = await page.text();
    const pages = /aria-label="Pages">(.*?)<\/nav>/.exec(html)![1]!;
    expect(pages).not.toMatch(/;p=|%3Bp=/);
    expect(pages).toMatch(/Previous page/);
    expect(pages).toMatch(/s=name&amp;n=7&amp;after=/);
    // The same assets as the API's numbered page.
    const api = await list(`${archive.href};p=1;o=name?n=7`);
    for (const asset of api.data) expect(html).toContain(asset.filename);
  });

  test("a hostile ;p= on the page is a 400 page", async () => {
    const response = await member.get(`${archive.href}?%3Bp=-3`, { accept: "text/html" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("past the pages numbers reach", () => {
  const params = parsePageParams(new URL("http://x/?%3Bp=400&%3Bo=name"), 25);
  const numbered = { ...params, numbered: params.numbered! };
  const page = { assets: [], prev: null, next: { v: "z", i: 9 } };

  test("the count stops one past what numbers reach", () => {
    expect(numberedCountCap(25)).toBe(10_026);
  });

  test("next and last continue by position, so next still reaches everything", () => {
    const links = numberedPagingLinks("/a/", numbered, page, 10_026);
    expect(links.prev).toBe("/a/;p=399;o=name");
    expect(links.next).toMatch(/^\/a\/\?s=name&after=/);
    expect(links.last).toBe("/a/?s=name&last=1");
  });

  test("within reach they stay numbered", () => {
    const links = numberedPagingLinks("/a/", numbered, page, 10_025);
    expect(links.next).toBeNull();
    expect(links.last).toBe("/a/;p=400;o=name");
  });
});
