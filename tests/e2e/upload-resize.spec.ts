import sharp from "sharp";
import { ADMIN, RESIZE_ARCHIVE } from "./users";
import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * Upload limits (decision 043): with JavaScript the upload page fits an image to the archive's
 * limits in the browser (canvas, JPEG at the archive's quality) and the server takes it; without
 * JavaScript the same file reaches the server whole, which refuses it naming the limit.
 */

test("an image over the archive's image size limit: resized with JavaScript, refused without", async ({
  page,
  open,
}) => {
  // 1000 × 1000 decodes to 4 MB, eight times the archive's 512 000-byte image size limit.
  const png = await sharp({
    create: { width: 1000, height: 1000, channels: 3, background: "#2d6a4f" },
  })
    .png()
    .toBuffer();
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open("/fotoweb/views/upload");
  const main = page.getByRole("main");
  // react-aria's radio input is visually hidden inside its label, which takes the pointer.
  const radio = main.getByRole("radio", { name: RESIZE_ARCHIVE });
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
  const name = `wide-${test.info().project.name}.png`;
  await main.getByLabel("Files").setInputFiles({ name, mimeType: "image/png", buffer: png });
  await main.getByRole("button", { name: "Upload" }).click();
  if (hasJs(test.info())) {
    await expectToast(page, `1 of 1 file was uploaded successfully to ${RESIZE_ARCHIVE}.`);
  } else {
    const alert = main.getByRole("alert");
    await expect(alert).toContainText(
      `0 of 1 file was uploaded successfully to ${RESIZE_ARCHIVE}.`,
    );
    await expect(alert).toContainText(`"${name}" is 1000 × 1000 pixels`);
    await expect(alert).toContainText("image size limit of 500 kB");
  }
});
