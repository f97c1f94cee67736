import { describe, expect, it } from "vitest";
import { envSchema } from "~/utils/env.server";

/* The caps on one user's open chunked uploads (issue 13, hole 7): defaults and validation. */

describe("MAX_OPEN_UPLOADS and MAX_OPEN_UPLOAD_BYTES", () => {
  it("default to 50 tasks and 20 GiB", () => {
    const parsed = envSchema.parse({});
    expect(parsed.MAX_OPEN_UPLOADS).toBe(50);
    expect(parsed.MAX_OPEN_UPLOAD_BYTES).toBe(20 * 1024 ** 3);
  });

  it("take whole numbers from the environment", () => {
    const parsed = envSchema.parse({ MAX_OPEN_UPLOADS: "3", MAX_OPEN_UPLOAD_BYTES: "1048576" });
    expect(parsed.MAX_OPEN_UPLOADS).toBe(3);
    expect(parsed.MAX_OPEN_UPLOAD_BYTES).toBe(1048576);
  });

  it.each([
    ["MAX_OPEN_UPLOADS", "0"],
    ["MAX_OPEN_UPLOADS", "-1"],
    ["MAX_OPEN_UPLOADS", "2.5"],
    ["MAX_OPEN_UPLOADS", "many"],
    ["MAX_OPEN_UPLOAD_BYTES", "10"],
    ["MAX_OPEN_UPLOAD_BYTES", "1e30"],
    ["MAX_OPEN_UPLOAD_BYTES", "lots"],
  ])("refuse %s=%s", (key, value) => {
    const result = envSchema.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]!.path).toEqual([key]);
  });
});
