import { readPlaywrightJson } from "../helpers/api-contract";
import { BROWSE_ARCHIVE, PASSWORD } from "./users";
import { expect, signInQuietly, test } from "./fixtures";

/*
 * The metadata view's page (decision 032), JavaScript on and off: a browser that follows an
 * archive's metadataEditor sees the view's builtin fields and regions as tables; an unknown view
 * is the not-found page. Read-only, so there is no mutation to cover. axe runs on it from
 * a11y.spec.ts in light and dark.
 */

interface Entry {
  name: string;
  metadataEditor: { name: string; href: string };
}

test("an archive's metadataEditor opens its view as a page of regions and fields", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "alice", PASSWORD);
  const list = await readPlaywrightJson<{ data: Entry[] }>(
    await page.request.get("/fotoweb/archives/", {
      headers: { accept: "application/vnd.fotoware.collectionlist+json" },
    }),
  );
  const editor = list.data.find((c) => c.name === BROWSE_ARCHIVE)!.metadataEditor;
  await open(editor.href);
  await expect(page).toHaveTitle(`${editor.name} | Arkiv`);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("heading", { level: 1, name: `Metadata view: ${editor.name}` }),
  ).toBeVisible();

  // The same view as a program reads it: every region is a section with its fields in order.
  const set = await readPlaywrightJson<{
    detailRegions: { name: string; fields: { field: { label: string } }[] }[];
  }>(
    await page.request.get(editor.href, {
      headers: { accept: "application/vnd.fotoware.metadata-set+json" },
    }),
  );
  for (const region of set.detailRegions) {
    const section = main.getByRole("region", { name: region.name, exact: true });
    await expect(section.getByRole("rowheader")).toHaveText(
      region.fields.map((f) => f.field.label),
    );
  }
  const builtin = main.getByRole("region", { name: "Builtin fields" });
  await expect(builtin.getByRole("rowheader", { name: "Title: Title" })).toBeVisible();
});

test("an unknown view is the not-found page", async ({ page, open }) => {
  await signInQuietly(page, "alice", PASSWORD);
  const response = await page.request.get("/fotoweb/editors/no-such-view", {
    headers: { accept: "text/html" },
  });
  expect(response.status()).toBe(404);
  await open("/fotoweb/editors/no-such-view");
  await expect(page.getByRole("main")).toContainText("There is no metadata view at this address.");
});
