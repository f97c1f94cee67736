import { describe, expect, test } from "vitest";
import { inEnglish } from "../helpers/keyed";
import {
  ARCHIVE_PALETTE,
  archiveConfigSchema,
  archiveFormToInput,
  archiveInputSchema,
  EMPTY_ID,
  fieldPath,
  schemaErrors,
} from "~/models/archive/archive.schema";

/*
 * The archive dialog's rules that live in the schema (spec 001 sections 4, 5 and 9; decision
 * 038): each state rule, the form's reading, and the codes of the schema's own refusals.
 */

const config = (input: Record<string, unknown>) => archiveConfigSchema.parse(input);

describe("state rules of spec 001 section 4", () => {
  test("a watermark position other than 4 turns scale-to-fit off", () => {
    for (const a of [0, 1, 2, 3])
      expect(
        config({ WatermarkSettings: { WatermarkAlignment: a, ScaleToFit: true } }).WatermarkSettings
          .ScaleToFit,
      ).toBe(false);
    expect(
      config({ WatermarkSettings: { WatermarkAlignment: 4, ScaleToFit: true } }).WatermarkSettings
        .ScaleToFit,
    ).toBe(true);
  });

  test("processing type 0 empties both ids, 1 keeps the profile only, 2 the set only", () => {
    const ids = { SpecificProcessingProfile: "p", CustomProcessingProfileSet: "s" };
    expect(
      config({ DownloadProcessing: { ProcessingType: 0, ...ids } }).DownloadProcessing,
    ).toEqual({
      ProcessingType: 0,
      SpecificProcessingProfile: EMPTY_ID,
      CustomProcessingProfileSet: EMPTY_ID,
    });
    expect(
      config({ DownloadProcessing: { ProcessingType: 1, ...ids } }).DownloadProcessing,
    ).toEqual({
      ProcessingType: 1,
      SpecificProcessingProfile: "p",
      CustomProcessingProfileSet: EMPTY_ID,
    });
    expect(
      config({ DownloadProcessing: { ProcessingType: 2, ...ids } }).DownloadProcessing,
    ).toEqual({
      ProcessingType: 2,
      SpecificProcessingProfile: EMPTY_ID,
      CustomProcessingProfileSet: "s",
    });
  });

  test("client-side resize off sets both size limits to 0", () => {
    const limits = { UploadRestrictImageSize: 1_024_000, UploadRestrictFileSize: 512_000 };
    expect(config({ UploadEnableClientSideResize: false, ...limits })).toMatchObject({
      UploadRestrictImageSize: 0,
      UploadRestrictFileSize: 0,
    });
    expect(config({ UploadEnableClientSideResize: true, ...limits })).toMatchObject(limits);
  });

  test("size toggles: on without a size is 512000, off is 0; limits step by 512000 up to 262144000", () => {
    const form = (fields: Record<string, unknown>) =>
      archiveFormToInput({ UploadEnableClientSideResize: "on", ...fields });
    expect(
      form({ RestrictImageSize: "on", UploadRestrictImageSize: "" }).UploadRestrictImageSize,
    ).toBe(512_000);
    expect(form({ UploadRestrictImageSize: "1024000" }).UploadRestrictImageSize).toBe(0);
    expect(
      form({ RestrictFileSize: "on", UploadRestrictFileSize: "262144000" }).UploadRestrictFileSize,
    ).toBe(262_144_000);
    expect(
      archiveConfigSchema.safeParse({
        UploadEnableClientSideResize: true,
        UploadRestrictImageSize: 600_000,
      }).success,
    ).toBe(false);
    expect(
      archiveConfigSchema.safeParse({
        UploadEnableClientSideResize: true,
        UploadRestrictImageSize: 262_656_000,
      }).success,
    ).toBe(false);
  });

  test("JPEG quality 40 to 100, default 80", () => {
    expect(config({}).UploadDefaultJpegQuality).toBe(80);
    expect(archiveConfigSchema.safeParse({ UploadDefaultJpegQuality: 39 }).success).toBe(false);
    expect(archiveConfigSchema.safeParse({ UploadDefaultJpegQuality: 101 }).success).toBe(false);
    expect(config({ UploadDefaultJpegQuality: 40 }).UploadDefaultJpegQuality).toBe(40);
  });

  test("a custom smart folder name needs smart folders", () => {
    const nav = (ShowSmartFolders: boolean) =>
      config({ NavigationPaneControl: { ShowSmartFolders, EnableCustomSmartFolderName: true } })
        .NavigationPaneControl.EnableCustomSmartFolderName;
    expect(nav(false)).toBe(false);
    expect(nav(true)).toBe(true);
  });

  test("custom property rows with an empty key or value are dropped", () => {
    expect(
      config({
        Properties: [
          { key: "a", value: "1" },
          { key: "", value: "2" },
          { key: "c", value: " " },
        ],
      }).Properties,
    ).toEqual([{ key: "a", value: "1" }]);
  });

  test("taxonomy filters off empties the search tree fields", () => {
    expect(
      archiveFormToInput({ NavigationPaneControl: { SearchTreeFields: ["25"] } })
        .NavigationPaneControl,
    ).toMatchObject({ SearchTreeFields: [] });
    expect(
      archiveFormToInput({
        NavigationPaneControl: { TaxonomyFilters: "on", SearchTreeFields: ["25", "80"] },
      }).NavigationPaneControl,
    ).toMatchObject({ SearchTreeFields: [25, 80] });
  });

  test("member permissions gain their prerequisites (history, consent)", () => {
    const parsed = archiveInputSchema.parse({
      Name: "x",
      MemberList: [
        { Id: 5, MemberType: "user", Permissions: ["ManageConsentStatus", "HistoryManage"] },
      ],
    });
    expect(parsed.MemberList![0]!.Permissions).toEqual([
      "HistoryView",
      "HistoryManage",
      "ViewConsentSummary",
      "ViewConsentDetails",
      "ManageConsentStatus",
    ]);
  });
});

describe("the form's reading", () => {
  test("Enabled is the inverse of IsHidden; switches left off are false", () => {
    expect(archiveFormToInput({ Enabled: "on" }).IsHidden).toBe(false);
    const off = archiveFormToInput({});
    expect(off.IsHidden).toBe(true);
    expect(off.RobotSettings).toEqual({ AllowIndexing: false });
    expect(off.Pool).toBeNull();
    expect(off.DownloadProcessing).toEqual({
      ProcessingType: 0,
      SpecificProcessingProfile: EMPTY_ID,
      CustomProcessingProfileSet: EMPTY_ID,
    });
  });

  test("macros: the ingestion boxes make the bit mask (upload 1, move 2, copy 4)", () => {
    const input = archiveFormToInput({
      MetadataMacros: {
        Macros: [
          { Field: "80", Operation: "1", Value: "v", IngestionTypes: ["1", "4"] },
          { Field: "5", IngestionTypes: "2" },
        ],
      },
    });
    expect(input.MetadataMacros).toEqual({
      Macros: [
        { Field: 80, Operation: 1, Value: "v", IngestionTypes: 5 },
        { Field: 5, Operation: 0, Value: "", IngestionTypes: 2 },
      ],
    });
  });

  test("a number that is not one stays text, so the schema refuses it by its field", () => {
    const input = archiveFormToInput({ Name: "n", UploadDefaultJpegQuality: "lots" });
    const parsed = archiveInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(schemaErrors(parsed.error!).map((e) => e.path)).toEqual(["UploadDefaultJpegQuality"]);
  });
});

describe("refusal codes of the schema", () => {
  test("a missing, empty or blank name is name_required; other fields are invalid or member_invalid", () => {
    for (const Name of [undefined, "", "   "]) {
      const parsed = archiveInputSchema.safeParse({ Name });
      expect(
        schemaErrors(parsed.error!).map((e) => ({ ...e, message: inEnglish(e.message) })),
      ).toEqual([
        { path: "Name", code: "name_required", message: "Enter a name for the archive." },
      ]);
    }
    const parsed = archiveInputSchema.safeParse({
      Name: "ok",
      Color: "red",
      MemberList: [{ Id: "x", MemberType: "user" }],
    });
    expect(schemaErrors(parsed.error!).map((e) => [e.path, e.code])).toEqual([
      ["MemberList[0].Id", "member_invalid"],
      ["Color", "invalid"],
    ]);
  });

  test("fieldPath writes paths as Conform names fields", () => {
    expect(fieldPath(["MemberList", 0, "AutoSearch"])).toBe("MemberList[0].AutoSearch");
    expect(fieldPath(["MetadataMacros", "Macros", 3, "Field"])).toBe(
      "MetadataMacros.Macros[3].Field",
    );
    expect(fieldPath([])).toBe("");
  });

  test("the palette has 36 distinct colours, the default first", () => {
    expect(new Set(ARCHIVE_PALETTE).size).toBe(36);
    expect(ARCHIVE_PALETTE[0]).toBe(config({}).Color);
  });
});
