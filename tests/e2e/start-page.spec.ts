import { expect, expectAccessible, signInQuietly, test } from "./fixtures";
import { PASSWORD } from "./users";

/*
 * The start page (issue 31), JavaScript on and off, at 1440 and 390 px: recent arrivals with
 * their thumbnails, the archives' tiles with covers, each leading to its page; nothing wider than
 * the screen; axe.
 */

for (const width of [1440, 390]) {
  test(`a member's start page at ${width} px leads to the arrivals and the archives`, async ({
    page,
    open,
  }, info) => {
    await page.setViewportSize({ width, height: 900 });
    await signInQuietly(page, "alice", PASSWORD);
    await open("/fotoweb/");
    const recent = page.getByRole("list", { name: "Recent arrivals" });
    await expect(recent.getByRole("listitem").first()).toBeVisible();
    const firstImage = recent.locator("img").first();
    await expect(firstImage).toHaveJSProperty("complete", true);
    await expect(firstImage).not.toHaveJSProperty("naturalWidth", 0);
    const archives = page.getByRole("list", { name: "Archives" });
    await expect(archives.getByTestId("collection-tile").first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "the page is wider than the screen").toBe(0);
    await expectAccessible(page, info, `start page at ${width} px`, { served: true });

    const first = recent.getByRole("link").first();
    const href = await first.getAttribute("href");
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  });
}
