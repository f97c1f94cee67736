import { expect, type Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { EDITING_PHOTOS, editingArchive } from "./users";

/* The editing archive's assets as its metaedit user sees them (metadata-edit and a11y specs). */

const ASSET = "application/vnd.fotoware.asset+json";
const ASSETLIST = "application/vnd.fotoware.assetlist+json";
const COLLECTION = "application/vnd.fotoware.collection+json";

interface Listed {
  id: number;
  href: string;
  metadata: Record<string, { value: string | string[] } | undefined>;
}

async function archiveHref(page: Page, name: string): Promise<string> {
  for (let id = 5000; id < 5060; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: COLLECTION },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (body.name === name) return body.href;
  }
  throw new Error(`no archive named ${name}`);
}

/** The archive's assets, oldest first (the seed's keywords are set in that order). */
export async function editingAssets(page: Page, project: string) {
  const href = await archiveHref(page, editingArchive(project));
  let assets: Listed[] = [];
  await expect(async () => {
    const response = await page.request.get(href, { headers: { Accept: ASSETLIST } });
    assets = ((await readPlaywrightJson(response)) as { data: Listed[] }).data;
    expect(assets.length).toBe(EDITING_PHOTOS);
  }).toPass({ timeout: 30_000 });
  return { href, assets: assets.sort((a, b) => a.id - b.id) };
}

export async function valuesOf(page: Page, href: string, field: number): Promise<string[]> {
  const response = await page.request.get(href, { headers: { Accept: ASSET } });
  const asset = (await readPlaywrightJson(response)) as Listed;
  const value = asset.metadata[String(field)]?.value;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
