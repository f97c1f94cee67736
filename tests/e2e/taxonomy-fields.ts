import { expect, type Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import type { SeedUser } from "./users";

/*
 * Issue 19 (taxonomy-fields): the names and people the taxonomy-fields specs use, shared with
 * scripts/seeds/taxonomy-fields.ts. Each project edits its own asset as its own editor; the axe
 * checks look at a third asset, in light and in dark.
 */

export const TAXONOMY_FIELDS_ARCHIVE = "Taxonomy fields";
export const TAXONOMY_FIELDS_VIEW = "Taxonomy fields";
/** The group giving the axe checks' people (light, dark) manageTaxonomies. */
export const TAXONOMY_FIELDS_MANAGERS = "Taxonomy fields managers";
export const taxonomyFieldsEditor = (who: string) => `taxfields-${who}`;
/** One asset per project (js, nojs) and one the axe checks only look at. */
export const taxonomyFieldsAsset = (who: string) => `taxfields-${who}.jpg`;
export const TAXONOMY_FIELDS_WHO = ["js", "nojs", "a11y"] as const;

export const TAXONOMY_FIELDS_USERS: SeedUser[] = [
  { username: taxonomyFieldsEditor("js"), fullName: "Tagger js", style: "light" },
  { username: taxonomyFieldsEditor("nojs"), fullName: "Tagger nojs", style: "light" },
  { username: taxonomyFieldsEditor("light"), fullName: "Tagger Light", style: "light" },
  { username: taxonomyFieldsEditor("dark"), fullName: "Tagger Dark", style: "dark" },
];

const COLLECTION = "application/vnd.fotoware.collection+json";
const ASSETLIST = "application/vnd.fotoware.assetlist+json";
const ASSET = "application/vnd.fotoware.asset+json";

interface Listed {
  href: string;
  metadata: Record<string, { value: string | string[] } | undefined>;
}

/** The seeded asset's page as its editor sees it. */
export async function taxonomyAssetHref(page: Page, fileName: string): Promise<string> {
  for (let id = 5000; id < 5100; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: COLLECTION },
    });
    if (!response.ok()) continue;
    const archive = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (archive.name !== TAXONOMY_FIELDS_ARCHIVE) continue;
    const list = await page.request.get(archive.href, { headers: { Accept: ASSETLIST } });
    const assets = ((await readPlaywrightJson(list)) as { data: Listed[] }).data;
    const found = assets.find((a) => a.href.includes(fileName));
    expect(found, fileName).toBeDefined();
    return found!.href;
  }
  throw new Error(`no archive named ${TAXONOMY_FIELDS_ARCHIVE}`);
}

/** A field's stored values through the API. */
export async function storedValues(page: Page, href: string, field: number): Promise<string[]> {
  const response = await page.request.get(href, { headers: { Accept: ASSET } });
  const value = ((await readPlaywrightJson(response)) as Listed).metadata[String(field)]?.value;
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
