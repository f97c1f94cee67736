import { expect, expectAccessible, expectToast, signInQuietly, test } from "./fixtures";
import { E2E_ARCHIVE, PASSWORD } from "./users";

/* The upload view: a plain multipart form, the same with JavaScript on and off. */

// A tiny valid JPEG (1×1), so the test needs no image library.
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
  "base64",
);

test("a signed-in user uploads a photograph to an archive", async ({ page, open }) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/views/upload");
  await expectAccessible(page, test.info(), "upload view");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: E2E_ARCHIVE }).check();
  await main.getByLabel("Files").setInputFiles({
    name: `harbour-${test.info().project.name}.jpg`,
    mimeType: "image/jpeg",
    buffer: JPEG,
  });
  await main.getByRole("button", { name: "Upload" }).click();
  await expectToast(page, `1 of 1 file was uploaded successfully to ${E2E_ARCHIVE}.`);
});

test("a file that lies about its type is refused with its name and reason", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/views/upload");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: E2E_ARCHIVE }).check();
  await main.getByLabel("Files").setInputFiles({
    name: "holiday.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><body><script>alert(1)</script></body></html>"),
  });
  await main.getByRole("button", { name: "Upload" }).click();
  const alert = main.getByRole("alert");
  await expect(alert).toContainText(`0 of 1 file was uploaded successfully to ${E2E_ARCHIVE}.`);
  await expect(alert).toContainText(
    '"holiday.jpg": HTML files are not accepted, because a web page can run script.',
  );
  await expectAccessible(page, test.info(), "upload view with a refused file");
});

test("the upload view has no serious accessibility violations in the dark theme", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "dora", PASSWORD);
  await open("/fotoweb/views/upload");
  await expectAccessible(page, test.info(), "upload view, dark");
});
