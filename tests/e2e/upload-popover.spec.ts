import type { Page, Route } from "@playwright/test";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { E2E_ARCHIVE, PASSWORD } from "./users";

/*
 * The header's Upload control (spec 002, upload popover). With JavaScript it opens a popover that
 * uploads each file with its own progress, cannot close while files travel, reports failures
 * with Retry and closes itself on success; without JavaScript it is a link to the upload view.
 */

// A tiny valid JPEG (1×1).
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
  "base64",
);
const photo = (name: string) => ({ name, mimeType: "image/jpeg", buffer: JPEG });
const UPLOADS = "**/fotoweb/archives/**";

async function openPopover(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Upload" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Upload to ${E2E_ARCHIVE}`);
  return dialog;
}

/** Holds the upload requests until `release` is called, so a test can act mid-upload. */
async function holdUploads(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  await page.route(UPLOADS, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    held.push(route);
    await released;
    await route.continue().catch(() => {});
  });
  return { release, held };
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the popover needs scripts");

  test("uploads files with progress, stays open while uploading, then closes with a toast", async ({
    page,
    open,
  }) => {
    await signInQuietly(page, "alice", PASSWORD);
    await open("/fotoweb/archives/");
    const dialog = await openPopover(page);
    await expectAccessible(page, test.info(), "upload popover, light");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([photo("pier-1.jpg"), photo("pier-2.jpg")]);
    await expect(dialog.getByRole("listitem")).toHaveCount(2);
    const hold = await holdUploads(page);
    await dialog.getByRole("button", { name: "Upload 2 files" }).click();
    await expect.poll(() => hold.held.length).toBe(2);
    await expect(dialog.getByRole("progressbar", { name: "Uploading pier-1.jpg" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeDisabled();
    // Neither Escape nor a click outside closes it while files travel.
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 400);
    await expect(dialog).toBeVisible();
    hold.release();
    await expect(dialog).toBeHidden();
    await expectToast(page, `2 of 2 files were uploaded successfully to ${E2E_ARCHIVE}.`);
  });

  test("a partial result warns with each reason, and Retry sends only the failed file", async ({
    page,
    open,
  }) => {
    await signInQuietly(page, "alice", PASSWORD);
    await open("/fotoweb/archives/");
    const dialog = await openPopover(page);
    // The first attempt at "flaky.jpg" meets a broken connection.
    let broken = true;
    const sent: string[] = [];
    await page.route(UPLOADS, async (route) => {
      const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
      const name = /filename="([^"]+)"/.exec(body)?.[1] ?? "";
      sent.push(name);
      if (name === "flaky.jpg" && broken) return route.abort("connectionreset");
      return route.continue();
    });
    await dialog.locator('input[type="file"]').setInputFiles([
      photo("flaky.jpg"),
      photo("fine.jpg"),
      {
        name: "lies.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("<html><script>1</script>"),
      },
    ]);
    await dialog.getByRole("button", { name: "Upload 3 files" }).click();
    const alert = dialog.getByRole("alert");
    await expect(alert).toHaveText(`1 of 3 files were uploaded successfully to ${E2E_ARCHIVE}.`);
    await expect(dialog).toContainText(
      '"lies.jpg": HTML files are not accepted, because a web page can run script.',
    );
    await expect(dialog).toContainText("The file could not be uploaded. Check the connection");
    await expectAccessible(page, test.info(), "upload popover with a partial result");
    broken = false;
    sent.length = 0;
    await dialog.getByRole("button", { name: "Retry 2 failed files" }).click();
    // lies.jpg is refused again by the server; flaky.jpg goes through this time. The result
    // counts the whole list: fine.jpg and flaky.jpg are in, lies.jpg is not.
    await expect(alert).toHaveText(`2 of 3 files were uploaded successfully to ${E2E_ARCHIVE}.`);
    expect(sent.sort()).toEqual(["flaky.jpg", "lies.jpg"]);
    await expect(dialog.getByRole("button", { name: "Retry the failed file" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a batch that uploads nothing says so and closes after two seconds", async ({
    page,
    open,
  }) => {
    await signInQuietly(page, "alice", PASSWORD);
    await open("/fotoweb/archives/");
    const dialog = await openPopover(page);
    await dialog.locator('input[type="file"]').setInputFiles([photo("changed-my-mind.jpg")]);
    const hold = await holdUploads(page);
    await dialog.getByRole("button", { name: "Upload 1 file" }).click();
    await expect.poll(() => hold.held.length).toBe(1);
    await dialog.getByRole("button", { name: "Cancel changed-my-mind.jpg" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Nothing was uploaded.");
    const shown = Date.now();
    await expect(dialog).toBeHidden({ timeout: 4000 });
    expect(Date.now() - shown).toBeGreaterThan(1000);
    hold.release();
  });

  test("a file over the size limit or with a hostile name fails before it is sent", async ({
    page,
    open,
  }) => {
    await signInQuietly(page, "alice", PASSWORD);
    await open("/fotoweb/archives/");
    const dialog = await openPopover(page);
    const sent: string[] = [];
    await page.route(UPLOADS, (route) => {
      sent.push(route.request().url());
      return route.continue();
    });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: "empty.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) }]);
    await dialog.getByRole("button", { name: "Upload 1 file" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(
      `0 of 1 file was uploaded successfully to ${E2E_ARCHIVE}.`,
    );
    await expect(dialog).toContainText("“empty.jpg” is empty (0 bytes).");
    expect(sent).toEqual([]);
  });

  test("the popover has no serious accessibility violations in the dark theme", async ({
    page,
    open,
  }) => {
    await signInQuietly(page, "dora", PASSWORD);
    await open("/fotoweb/archives/");
    const dialog = await openPopover(page);
    await dialog.locator('input[type="file"]').setInputFiles([photo("night.jpg")]);
    await expectAccessible(page, test.info(), "upload popover, dark");
  });
});

test("without JavaScript the header's Upload is a link to the upload view", async ({
  page,
  open,
}) => {
  test.skip(hasJs(test.info()), "the link is what a browser without scripts gets");
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/archives/");
  await page.getByRole("banner").getByRole("link", { name: "Upload" }).click();
  await expect(page).toHaveURL(/\/fotoweb\/views\/upload$/);
  await expect(page.getByRole("heading", { name: "Upload" })).toBeVisible();
});

test("a user without an upload target sees no Upload control", async ({ page, open }) => {
  // The guest may upload nowhere.
  const response = await page.request.post("/fotoweb/views/login", {
    form: { mode: "guest", to: "/fotoweb/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await open("/fotoweb/archives/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Upload", { exact: true })).toHaveCount(0);
});

test.describe("with JavaScript, in Norwegian", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the popover needs scripts");
  test.use({ locale: "nb-NO" });

  test("a refused file's reason is read in Norwegian (the panel asks for it, decision 107)", async ({
    page,
    open,
  }) => {
    await signInQuietly(page, "alice", PASSWORD);
    await open("/fotoweb/archives/");
    await page.getByRole("banner").getByRole("button", { name: "Last opp" }).click();
    const dialog = page.getByRole("dialog", { name: "Last opp" });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles([
      {
        name: "lies.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("<html><script>1</script>"),
      },
    ]);
    await dialog.getByRole("button", { name: "Last opp 1 fil" }).click();
    await expect(dialog).toContainText(
      "«lies.jpg»: HTML-filer blir ikke tatt imot, fordi en nettside kan kjøre skript.",
    );
  });
});
