import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { ensureFolder } from "~/models/asset/asset.server";
import { createUser } from "~/models/user/user.server";
import { folderHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Folder URLs the FotoWare way (issue 33, decision 114): a folder answers at its path under the
 * archive as the archive does with ?folder=, its child folders as collectionlist+json, an asset
 * under its folder's path, a browser is sent to Arkiv's own form, and a hidden archive's folder
 * answers as a missing one. Also the sort order with an explicit or a lone `+`.
 */

const COLLECTION = "application/vnd.fotoware.collection+json";
const COLLECTIONLIST = "application/vnd.fotoware.collectionlist+json";
const ASSETLIST = "application/vnd.fotoware.assetlist+json";

let server: TestServer;
let member: Client;
let archive: Archive;
let hidden: Archive;

interface CollectionJson {
  href: string;
  name: string;
  type: string;
  childCount?: number;
  hasChildren?: boolean;
  assets: { data: { href: string; filename: string }[] };
}

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "folders", password: "folders-pass-123" });
  archive = await createArchive({
    name: "Travels",
    members: [
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  hidden = await createArchive({ name: "Closed", members: [] });
  const trips = await ensureFolder(db(), archive.id, "Trips 2024");
  const bergen = await ensureFolder(db(), archive.id, "Trips 2024/Bergen & Oslo");
  await ensureFolder(db(), archive.id, "Trips 2024/Bergen & Oslo/Day 1");
  await insertAsset(archive, { fileName: "root.jpg" });
  await insertAsset(archive, { fileName: "trip.jpg", folder: true }, trips!);
  await insertAsset(archive, { fileName: "bergen.jpg", folder: true }, bergen!);
  const closed = await ensureFolder(db(), hidden.id, "Secret");
  await insertAsset(hidden, { fileName: "secret.jpg", folder: true }, closed!);
  member = new Client(server.url);
  await member.signIn("folders", "folders-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("folder URLs", () => {
  test("a folder's URL answers its assets, as the archive's with ?folder= does", async () => {
    const url = folderHref(archive.href, "Trips 2024");
    expect(url).toBe(`${archive.href}Trips%202024/`);
    const folder = await readApiJson<CollectionJson>(await member.getJson(url, COLLECTION));
    expect(folder.assets.data.map((a) => a.filename)).toEqual(["trip.jpg"]);
    const nested = await readApiJson<{ data: { filename: string }[] }>(
      await member.getJson(folderHref(archive.href, "Trips 2024/Bergen & Oslo"), ASSETLIST),
    );
    expect(nested.data.map((a) => a.filename)).toEqual(["bergen.jpg"]);
  });

  test("the archive and each folder list their child folders, at URLs that answer", async () => {
    const root = await readApiJson<{
      data: CollectionJson[];
      assets: { data: unknown[] };
      taxonomies: unknown[];
    }>(await member.getJson(archive.href, COLLECTIONLIST));
    // The collection's own keys beside the list, as the real product's answer has them.
    expect(root.assets.data).toHaveLength(3);
    expect(Array.isArray(root.taxonomies)).toBe(true);
    expect(root.data.map((c) => [c.name, c.type, c.childCount, c.hasChildren])).toEqual([
      ["Trips 2024", "folder", 1, true],
    ]);
    const level = await readApiJson<{ data: CollectionJson[] }>(
      await member.getJson(root.data[0]!.href, COLLECTIONLIST),
    );
    expect(level.data.map((c) => c.name)).toEqual(["Bergen & Oslo"]);
    const deepest = await readApiJson<{ data: CollectionJson[] }>(
      await member.getJson(`${level.data[0]!.href}Day%201/`, COLLECTIONLIST),
    );
    expect(deepest.data).toEqual([]);
  });

  test("an asset answers under its folder's path", async () => {
    const list = await readApiJson<{ data: { href: string }[] }>(
      await member.getJson(folderHref(archive.href, "Trips 2024"), ASSETLIST),
    );
    const href = list.data[0]!.href;
    const file = href.slice(archive.href.length);
    const underFolder = `${folderHref(archive.href, "Trips 2024")}${file}`;
    const asset = await readApiJson<{ href: string }>(await member.getJson(underFolder));
    expect(asset.href).toBe(href);
  });

  test("a browser is sent to the archive's page with the folder", async () => {
    const response = await member.get(folderHref(archive.href, "Trips 2024"), {
      accept: "text/html",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${archive.href}?folder=Trips+2024`);
  });

  test("a missing folder, a hidden archive's folder and a bad path answer as missing", async () => {
    expect((await member.getJson(folderHref(archive.href, "Nowhere"), COLLECTION)).status).toBe(
      404,
    );
    const secret = await member.getJson(folderHref(hidden.href, "Secret"), COLLECTION);
    const missing = await member.getJson(folderHref(hidden.href, "Nowhere"), COLLECTION);
    expect(secret.status).toBe(404);
    expect((await readApiJson<{ value: string }>(secret)).value).toBe(
      (await readApiJson<{ value: string }>(missing)).value,
    );
    expect((await member.getJson(`${archive.href}%ZZ/`, COLLECTION)).status).toBe(404);
  });
});

describe("sort orders with +", () => {
  test("`;o=+name` sorts ascending and a lone `+` is the default order", async () => {
    const byName = await readApiJson<{ data: { filename: string }[] }>(
      await member.getJson(`${archive.href};o=+name`, ASSETLIST),
    );
    expect(byName.data.map((a) => a.filename)).toEqual(["bergen.jpg", "root.jpg", "trip.jpg"]);
    const plain = await readApiJson<{ data: { filename: string }[] }>(
      await member.getJson(archive.href, ASSETLIST),
    );
    for (const path of [`${archive.href};o=+`, `${archive.href}?s=+`]) {
      const response = await member.getJson(path, ASSETLIST);
      expect(response.status, path).toBe(200);
      const defaults = await readApiJson<{ data: { filename: string }[] }>(response);
      expect(defaults.data.map((a) => a.filename)).toEqual(plain.data.map((a) => a.filename));
    }
    expect((await member.getJson(`${archive.href};o=+nothing`, ASSETLIST)).status).toBe(400);
  });
});

describe("addresses with no page", () => {
  test("answer JSON to a program that sends no Accept", async () => {
    for (const path of [
      "/fotoweb/me/archives/",
      "/fotoweb/me/upload-to/",
      "/fotoweb/me/background-tasks/999999",
    ]) {
      const response = await member.request(path);
      expect(response.headers.get("content-type"), path).toMatch(
        /^application\/(vnd\.fotoware\.[\w.-]+\+)?json/,
      );
      await response.arrayBuffer();
    }
    const api = await member.request("/fotoweb/api/taxonomies/");
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);
    await api.arrayBuffer();
  });
});
