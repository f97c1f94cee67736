import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { PATH_ARCHIVE } from "./users";

/* The seed's path archive, found through the archive list as the signed-in page's user sees it. */
export async function pathArchiveId(page: Page): Promise<number> {
  const response = await page.request.get("/fotoweb/archives/", {
    headers: { accept: "application/vnd.fotoware.collectionlist+json" },
  });
  const list = await readPlaywrightJson<{ data: { name: string; href: string }[] }>(response);
  const entry = list.data.find((c) => c.name === PATH_ARCHIVE);
  if (!entry) throw new Error(`the seed archive ${PATH_ARCHIVE} is not listed`);
  return Number(/\/fotoweb\/archives\/(\d+)-/.exec(entry.href)![1]);
}
