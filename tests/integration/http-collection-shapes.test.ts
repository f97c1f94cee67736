import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref, ensureFolder } from "~/models/asset/asset.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The collection and asset shapes programs read (issue 33, decision 111): a search's collections
 * keep the query in href and data, so following them lists what assetCount counted; folders are
 * sub collections (children, childCount, hasChildren); an asset names its ancestors (archive,
 * then folders) and its revisions list.
 */

const LIST_TYPE = "application/vnd.fotoware.collectionlist+json";
const COLLECTION_TYPE = "application/vnd.fotoware.collection+json";
const INFO_TYPE = "application/vnd.fotoware.collectioninfo+json";
const ASSET_TYPE = "application/vnd.fotoware.asset+json";
const ASSETLIST_TYPE = "application/vnd.fotoware.assetlist+json";
const PASSWORD = "shapes-password-1";

interface Children {
  data: { name: string; href: string; data: string; type: string }[];
  paging: { first: string; prev: null; next: null };
}
interface Entry {
  name: string;
  href: string;
  data: string;
  originalURL: string;
  assetCount?: number;
  children: Children;
  childCount: number;
  hasChildren: boolean;
}

let server: TestServer;
let member: Client;
let foldered: Archive;
let flat: Archive;
let copyTarget: Archive;
let deep: number;
let top: number;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "shapes-member", password: PASSWORD });
  const members = (permissions: ("View" | "Preview" | "HistoryView" | "CopyTo")[]) => [
    { type: "group" as const, id: REGISTERED_USERS_GROUP_ID, permissions, autoSearch: "" },
  ];
  foldered = await createArchive({
    name: "Shapes folders",
    members: members(["View", "Preview", "HistoryView"]),
  });
  flat = await createArchive({ name: "Shapes flat", members: members(["View", "Preview"]) });
  copyTarget = await createArchive({ name: "Shapes copy", members: members(["View", "CopyTo"]) });
  const lofoten = (await ensureFolder(db(), foldered.id, "2024/Lofoten"))!;
  await ensureFolder(db(), foldered.id, "Archive");
  deep = await insertAsset(foldered, { fileName: "kelp.jpg", folder: true }, lofoten);
  top = await insertAsset(foldered, { fileName: "kelp two.jpg" });
  await insertAsset(foldered, { fileName: "pier.jpg" });
  await insertAsset(flat, { fileName: "kelp three.jpg" });
  member = new Client(server.url);
  await member.signIn("shapes-member", PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function collections(path: string) {
  const response = await member.getJson(path, LIST_TYPE);
  expect(response.status, path).toBe(200);
  return readApiJson<{ data: Entry[]; paging: { first: string } }>(response);
}

describe("a search's collections", () => {
  test("keep the query in href and data; following them lists assetCount assets", async () => {
    const found = await collections("/fotoweb/archives/?q=kelp");
    // A search across the archives is one unpaged list (decision 115).
    expect(found.paging).toBeNull();
    const entry = found.data.find((c) => c.name === foldered.name)!;
    expect(entry).toMatchObject({
      href: `${foldered.href}?q=kelp`,
      data: `${foldered.href}?q=kelp`,
      originalURL: foldered.href,
      assetCount: 2,
    });
    const listed = await readApiJson<{ data: { href: string }[]; paging: { first: string } }>(
      await member.getJson(entry.href, ASSETLIST_TYPE),
    );
    expect(listed.data).toHaveLength(entry.assetCount!);
    // Paging links keep the query too.
    expect(listed.paging.first).toContain("q=kelp");
  });

  test("without a search, href and data are the archive's own", async () => {
    const all = await collections("/fotoweb/archives/");
    expect(all.data.find((c) => c.name === flat.name)).toMatchObject({
      href: flat.href,
      data: flat.href,
    });
  });
});

// Folders answer at their URLs under the archive (decision 114), and at ?folder= as before.
describe("folders as sub collections", () => {
  test("an archive with folders lists its top-level ones as children", async () => {
    const all = await collections("/fotoweb/archives/");
    const entry = all.data.find((c) => c.name === foldered.name)!;
    expect(entry.childCount).toBe(2);
    expect(entry.hasChildren).toBe(true);
    expect(entry.children.data.map((c) => [c.name, c.href, c.type])).toEqual([
      ["2024", `${foldered.href}2024/`, "folder"],
      ["Archive", `${foldered.href}Archive/`, "folder"],
    ]);
    expect(entry.children.paging).toMatchObject({ prev: null, next: null });
  });

  test("an archive without folders: an empty list, 0 and false", async () => {
    const all = await collections("/fotoweb/archives/");
    expect(all.data.find((c) => c.name === flat.name)).toMatchObject({
      children: { data: [] },
      childCount: 0,
      hasChildren: false,
    });
  });

  test("a folder's collection has its own children and, as collectioninfo, its ancestors", async () => {
    const href = `${foldered.href}?folder=2024`;
    const folder = await readApiJson<Entry>(await member.getJson(href, COLLECTION_TYPE));
    expect(folder.children.data.map((c) => c.href)).toEqual([`${foldered.href}2024/Lofoten/`]);
    expect(folder.childCount).toBe(1);
    const inner = `${foldered.href}?folder=${encodeURIComponent("2024/Lofoten")}`;
    const info = await readApiJson<{ ancestors: { name: string; href: string }[] }>(
      await member.getJson(inner, INFO_TYPE),
    );
    expect(info.ancestors.map((a) => [a.name, a.href])).toEqual([
      [foldered.name, foldered.href],
      ["2024", `${foldered.href}2024/`],
    ]);
  });
});

describe("an asset's ancestors and revisions", () => {
  test("the archive, then each folder down to the asset's; the revisions list answers", async () => {
    const href = assetHref(foldered.id, foldered.name, { id: deep, fileName: "kelp.jpg" });
    const asset = await readApiJson<{
      ancestors: { name: string; href: string; data: string }[];
      revisions: string;
    }>(await member.getJson(href, ASSET_TYPE));
    expect(asset.ancestors).toEqual([
      { name: foldered.name, href: foldered.href, data: foldered.href },
      { name: "2024", href: `${foldered.href}2024/`, data: `${foldered.href}2024/` },
      {
        name: "Lofoten",
        href: `${foldered.href}2024/Lofoten/`,
        data: `${foldered.href}2024/Lofoten/`,
      },
    ]);
    expect(asset.revisions).toBe(`${href}/__revisions/`);
    expect((await member.getJson(asset.revisions)).status).toBe(200);
  });

  test("at the archive's root only the archive; no revisions link without HistoryView", async () => {
    const atRoot = await readApiJson<{ ancestors: unknown[]; revisions?: string }>(
      await member.getJson(
        assetHref(foldered.id, foldered.name, { id: top, fileName: "kelp two.jpg" }),
        ASSET_TYPE,
      ),
    );
    expect(atRoot.ancestors).toEqual([
      { name: foldered.name, href: foldered.href, data: foldered.href },
    ]);
    const listed = await readApiJson<{ data: { ancestors: unknown[]; revisions?: string }[] }>(
      await member.getJson(flat.href, ASSETLIST_TYPE),
    );
    expect(listed.data[0]!.ancestors).toHaveLength(1);
    expect(listed.data[0]).not.toHaveProperty("revisions");
  });
});

describe("the descriptor's copy_to and move_to", () => {
  test("list the archives the viewer may copy or move into; the guest has none", async () => {
    const copy = await collections("/fotoweb/me/copy-to/");
    expect(copy.data.map((c) => c.name)).toContain(copyTarget.name);
    expect(copy.data.map((c) => c.name)).not.toContain(flat.name);
    const move = await collections("/fotoweb/me/move-to/");
    expect(move.data.map((c) => c.name)).not.toContain(copyTarget.name);
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    const refused = await guest.getJson("/fotoweb/me/copy-to/", LIST_TYPE);
    expect(refused.status).toBe(403);
    await readApiJson(refused);
  });
});
