import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { ADMIN } from "./users";
import { readPlaywrightJson } from "../helpers/api-contract";

/*
 * Finding the seeded assets' URLs through the JSON API, as the site owner (who sees every
 * archive). The archive's asset list (assetlist+json) is used when the server has it; otherwise
 * asset ids are tried in turn against the asset+json route, which answers 404 for assets that
 * are elsewhere or not ingested yet. The server ingests the seed at start, so callers poll.
 */

export interface SeededAsset {
  id: number;
  href: string;
  title: string;
  filename: string;
  archiveHREF: string;
}

const ASSET = "application/vnd.fotoware.asset+json";
const MAX_GUESSED_ID = 400;

async function ownerContext(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post("/fotoweb/views/login", {
    form: { mode: "user", username: ADMIN.username, password: ADMIN.password, to: "/fotoweb/" },
    maxRedirects: 0,
  });
  expect(response.status(), "site owner sign-in").toBe(302);
  return context;
}

async function findArchive(context: APIRequestContext, name: string) {
  for (let id = 5000; id < 5050; id++) {
    const response = await context.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: "application/vnd.fotoware.collection+json" },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name?: string; href?: string };
    if (body.name === name && body.href) return { id, href: body.href };
  }
  throw new Error(`no archive named ${name}`);
}

async function fromAssetList(context: APIRequestContext, archiveHref: string) {
  const response = await context.get(`${archiveHref}?s=-added&n=200`, {
    headers: { Accept: "application/vnd.fotoware.assetlist+json" },
  });
  const type = response.headers()["content-type"] ?? "";
  if (!response.ok() || !type.includes("assetlist")) return null;
  const body = (await readPlaywrightJson(response)) as { data?: SeededAsset[] };
  return body.data ?? null;
}

async function byGuessing(context: APIRequestContext, archive: { id: number }) {
  const found: SeededAsset[] = [];
  let last = 0;
  // The seed's archives hold consecutive ids: well past the last hit, the archive has ended.
  for (let id = 1; id <= MAX_GUESSED_ID && id <= last + 60; id++) {
    const response = await context.get(`/fotoweb/archives/${archive.id}/${id}-x.info`, {
      headers: { Accept: ASSET },
    });
    if (!response.ok()) continue;
    found.push((await readPlaywrightJson(response)) as SeededAsset);
    last = id;
  }
  return found;
}

/**
 * The ready assets of an archive, newest first (the default order), once at least `count` of
 * them are ready.
 */
export async function seededAssets(
  baseURL: string,
  archiveName: string,
  count: number,
): Promise<SeededAsset[]> {
  const context = await ownerContext(baseURL);
  try {
    const archive = await findArchive(context, archiveName);
    let assets: SeededAsset[] = [];
    await expect(async () => {
      assets = (await fromAssetList(context, archive.href)) ?? (await byGuessing(context, archive));
      expect(assets.length, `ready assets in ${archiveName}`).toBeGreaterThanOrEqual(count);
    }).toPass({ timeout: 90_000, intervals: [500, 1000, 2000] });
    return assets.sort((a, b) => b.id - a.id);
  } finally {
    await context.dispose();
  }
}
