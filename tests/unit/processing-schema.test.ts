import { inEnglish } from "../helpers/keyed";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  dropBlankRows,
  editorFormSchema,
  processingProfileSchema,
  renditionSetSchema,
} from "~/models/processing/processing.schema";
import { sniffWatermark, watermarkFileBase } from "~/models/processing/watermarks.server";

/* The processing lists' pure rules (decision 040): form names, rows, names, sniffing. */

/** An editor's form as the server reads it: Conform's parseWithZod over the list's schema. */
function readEditorForm(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return parseWithZod(form, {
    schema: editorFormSchema(renditionSetSchema),
    disableAutoCoercion: true,
  });
}

describe("form values made into records", () => {
  test("nested names and rows nest; other shapes and prototype keys are left out", () => {
    const submission = readEditorForm([
      ["Name", "Set"],
      ["Sizes[1].Label", "B"],
      ["Sizes[1].Size", "200"],
      ["Sizes[0].Label", "A"],
      ["Sizes[0].Size", "100"],
      ["a[x]", "1"],
      ["__proto__.polluted", "yes"],
    ]);
    expect(submission.status === "success" && submission.value).toEqual({
      Name: "Set",
      Sizes: [
        { Label: "A", Size: 100, Format: "jpeg" },
        { Label: "B", Size: 200, Format: "jpeg" },
      ],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a skipped index closes up; errors come by the forms' names", () => {
    const gap = readEditorForm([
      ["Name", "Set"],
      ["Sizes[0].Label", "A"],
      ["Sizes[0].Size", "100"],
      ["Sizes[2].Label", "C"],
      ["Sizes[2].Size", "300"],
    ]);
    expect(gap.status === "success" && gap.value.Sizes.map((s) => s.Label)).toEqual(["A", "C"]);
    const bad = readEditorForm([
      ["Name", ""],
      ["Sizes[0].Label", "A"],
      ["Sizes[0].Size", "9"],
    ]);
    const errors = bad.status !== "success" ? bad.error : {};
    expect(
      Object.fromEntries(
        Object.entries(errors ?? {}).map(([name, messages]) => [
          name,
          (messages ?? []).map((m) => inEnglish(m)),
        ]),
      ),
    ).toEqual({
      Name: ["Enter a name."],
      "Sizes[0].Size": ["Size: 16 to 8000."],
    });
  });

  test("only blank rows at the end are dropped, so errors keep their row", () => {
    const rows = [
      { Label: "A", Size: "1" },
      { Label: "", Size: "" },
      { Label: "C" },
      { Label: "" },
    ];
    expect(dropBlankRows({ Sizes: rows }).Sizes).toEqual(rows.slice(0, 3));
    // Conform's reply leaves an empty row out altogether.
    expect(dropBlankRows({ Sizes: [{ Label: "A" }, null, { Format: "png" }] }).Sizes).toEqual([
      { Label: "A" },
    ]);
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
