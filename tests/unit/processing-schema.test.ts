import { describe, expect, test } from "vitest";
import {
  dropBlankRows,
  nestFormValues,
  processingProfileSchema,
  renditionSetSchema,
} from "~/models/processing/processing.schema";
import { sniffWatermark, watermarkFileBase } from "~/models/processing/watermarks.server";

/* The processing lists' pure rules (decision 040): form names, rows, names, sniffing. */

describe("form values made into records", () => {
  test("nested names and rows nest; other shapes and prototype keys are dropped", () => {
    expect(
      nestFormValues({
        Name: "Set",
        "Size.Width": "10",
        "Sizes[1].Label": "B",
        "Sizes[0].Label": "A",
        "a[x]": "1",
        "__proto__.polluted": "yes",
        "Sizes[999].Label": "far",
      }),
    ).toEqual({ Name: "Set", Size: { Width: "10" }, Sizes: [{ Label: "A" }, { Label: "B" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("only blank rows at the end are dropped, so errors keep their row", () => {
    const rows = [
      { Label: "A", Size: "1" },
      { Label: "", Size: "" },
      { Label: "C" },
      { Label: "" },
    ];
    expect(dropBlankRows({ Sizes: rows }).Sizes).toEqual(rows.slice(0, 3));
  });
});

describe("schemas", () => {
  test("scale-to-fit only at the centre; CMYK only into JPEG or TIFF", () => {
    const base = { Name: "P", Format: "png" };
    const off = processingProfileSchema.parse({
      ...base,
      Watermark: { FileName: "m.png", Alignment: 1, ScaleToFit: true },
    });
    expect(off.Watermark.ScaleToFit).toBe(false);
    const cmyk = processingProfileSchema.safeParse({ ...base, ColorProfile: "cmyk" });
    expect(cmyk.success).toBe(false);
  });

  test("repeated labels are reported with the rows' other errors", () => {
    const result = renditionSetSchema.safeParse({
      Name: "S",
      Sizes: [
        { Label: "A", Size: 5 },
        { Label: "a", Size: 100 },
      ],
    });
    const paths = result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    expect(paths.sort()).toEqual(["Sizes.0.Size", "Sizes.1.Label"]);
  });
});

describe("watermark files", () => {
  test("told by their first bytes", () => {
    expect(sniffWatermark(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      "png",
    );
    expect(sniffWatermark(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffWatermark(new TextEncoder().encode("<svg xmlns="))).toBeNull();
  });

  test("names without folders or control characters", () => {
    expect(watermarkFileBase("..\\..\\Windows\\evil.png", "png")).toBe("evil.png");
    expect(watermarkFileBase("/etc/pass\u0000wd", "jpeg")).toBe("pass-wd.jpg");
    expect(watermarkFileBase("...", "png")).toBe("watermark.png");
    expect(watermarkFileBase("Logo ©2026.PNG", "png")).toBe("Logo -2026.png");
  });
});
