import { z } from "zod";
import { EMPTY_ID, watermarkAlignmentSchema } from "~/models/archive/archive.schema";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";

/*
 * The configuration lists of spec 001 section 7 that shape files (decision 040): processing
 * profiles and their sets, quick rendition sets and crop profile sets. One schema per record,
 * shared by the model, the config API (PascalCase, as the archive configuration) and the admin
 * pages (whose forms Conform reads, on the server too, through editorFormSchema). No server
 * imports here.
 */

export { EMPTY_ID };

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ENTER_NAME = keyed("settings.processing.validation.enterName");
const CHOOSE_ONE = keyed("settings.processing.validation.chooseOne");
const CHOOSE_FORMAT = keyed("settings.processing.validation.chooseFormat");

/** A list entry's name: trimmed, 1-100 characters, no control characters. */
export const listNameSchema = z
  .string({ required_error: ENTER_NAME, invalid_type_error: ENTER_NAME })
  .trim()
  .min(1, ENTER_NAME)
  .max(100, keyed("settings.processing.validation.nameTooLong", { max: 100 }))
  .refine((v) => !hasUnsafeLineCharacter(v), keyed("settings.processing.validation.nameUnsafe"));

/** An id that names an entry: a GUID other than the empty one. */
export const entryIdSchema = z
  .string({ required_error: CHOOSE_ONE, invalid_type_error: CHOOSE_ONE })
  .trim()
  .regex(GUID, CHOOSE_ONE)
  .refine((v) => v !== EMPTY_ID, CHOOSE_ONE)
  .transform((v) => v.toLowerCase());

/** A whole number in a range; forms send text, JSON numbers. */
const int = (min: number, max: number, what: MessageId) => {
  const label = keyed(what);
  const whole = keyed("settings.processing.validation.wholeNumber", { label });
  const range = keyed("settings.processing.validation.range", { label, min, max });
  return z.coerce.number({ invalid_type_error: whole }).int(whole).min(min, range).max(max, range);
};

/** A checkbox (present "on"/"true") or a JSON boolean. */
const flag = z.preprocess(
  (v) => v === true || v === "on" || v === "true" || v === "1",
  z.boolean(),
);

export const PROFILE_FORMATS = ["original", "jpeg", "png", "webp", "tiff", "avif"] as const;
export type ProfileFormat = (typeof PROFILE_FORMATS)[number];
export const LOSSY_FORMATS: ReadonlySet<ProfileFormat> = new Set(["jpeg", "webp", "avif"]);

/*
 * Colour profiles sharp converts to with an ICC profile it bundles (srgb, p3, cmyk); Adobe RGB
 * is not bundled, so it is not offered. CMYK only where the format carries it (JPEG, TIFF).
 */
export const COLOR_PROFILES = ["keep", "srgb", "p3", "cmyk", "grayscale"] as const;
export type ColorProfile = (typeof COLOR_PROFILES)[number];
export const CMYK_FORMATS: ReadonlySet<ProfileFormat> = new Set(["jpeg", "tiff"]);

export const SHARPEN_LEVELS = ["none", "light", "medium", "strong"] as const;
export const SIZE_FITS = ["inside", "cover", "fill"] as const;

export const MAX_PROFILE_SIZE = 20_000;

/** A watermark file name as stored (derived from the uploaded name): no folders, no controls. */
export const WATERMARK_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,199}$/;

export const profileWatermarkSchema = z
  .object({
    FileName: z
      .string()
      .trim()
      .max(200)
      .refine(
        (v) => v === "" || WATERMARK_FILE_NAME.test(v),
        keyed("settings.processing.validation.chooseWatermark"),
      )
      .default(""),
    Alignment: z.coerce.number().pipe(watermarkAlignmentSchema).default(4),
    ScaleToFit: flag.default(false),
  })
  // Scale-to-fit exists only at the centre (spec 001 section 4).
  .transform((w) => ({ ...w, ScaleToFit: w.Alignment === 4 && w.ScaleToFit }));

export const processingProfileSchema = z
  .object({
    Name: listNameSchema,
    Format: z.enum(PROFILE_FORMATS, {
      errorMap: () => ({ message: CHOOSE_FORMAT }),
    }),
    /** 0 width and height: no resizing. */
    Size: z
      .object({
        Width: int(0, MAX_PROFILE_SIZE, "settings.processing.field.width").default(0),
        Height: int(0, MAX_PROFILE_SIZE, "settings.processing.field.height").default(0),
        Fit: z
          .enum(SIZE_FITS, {
            errorMap: () => ({ message: keyed("settings.processing.validation.chooseFit") }),
          })
          .default("inside"),
      })
      .default({}),
    Quality: int(1, 100, "settings.processing.field.quality").default(85),
    // "gray" was the stored and answered name before the API said "grayscale" (spec 002): profiles
    // saved with it still read, and clients still sending it are understood.
    ColorProfile: z
      .preprocess(
        (v) => (v === "gray" ? "grayscale" : v),
        z.enum(COLOR_PROFILES, {
          errorMap: () => ({ message: keyed("settings.processing.validation.chooseColour") }),
        }),
      )
      .default("keep"),
    Watermark: profileWatermarkSchema.default({}),
    Sharpen: z
      .enum(SHARPEN_LEVELS, {
        errorMap: () => ({ message: keyed("settings.processing.validation.chooseSharpen") }),
      })
      .default("none"),
    KeepMetadata: flag.default(false),
    /** Pixels per inch written into the file; 0 leaves it as it is. */
    Resolution: int(0, 2400, "settings.processing.field.resolution").default(0),
  })
  .superRefine((p, ctx) => {
    if (p.ColorProfile === "cmyk" && !CMYK_FORMATS.has(p.Format))
      ctx.addIssue({
        code: "custom",
        path: ["ColorProfile"],
        message: keyed("settings.processing.validation.cmykFormat"),
      });
    if (p.Format === "original" && p.ColorProfile === "cmyk")
      ctx.addIssue({
        code: "custom",
        path: ["Format"],
        message: keyed("settings.processing.validation.cmykChoose"),
      });
    const cover = p.Size.Fit !== "inside";
    if (cover && (p.Size.Width === 0) !== (p.Size.Height === 0))
      ctx.addIssue({
        code: "custom",
        path: ["Size", "Fit"],
        message: keyed("settings.processing.validation.fitNeedsBoth"),
      });
  });
export type ProcessingProfileInput = z.output<typeof processingProfileSchema>;
export type ProcessingProfileSettings = Omit<ProcessingProfileInput, "Name">;

export const processingProfileSetSchema = z.object({
  Name: listNameSchema,
  // A form with one ticked box sends one value, not a list.
  Profiles: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v === undefined ? [] : v),
    z
      .array(entryIdSchema, {
        invalid_type_error: keyed("settings.processing.validation.chooseProfile"),
      })
      .min(1, keyed("settings.processing.validation.chooseProfile"))
      .max(50, keyed("settings.processing.validation.setMaxProfiles", { max: 50 }))
      .refine(
        (ids) => new Set(ids).size === ids.length,
        keyed("settings.processing.validation.profileOnce"),
      ),
  ),
});
export type ProcessingProfileSetInput = z.output<typeof processingProfileSetSchema>;

const labelSchema = z
  .string({ required_error: keyed("settings.processing.validation.enterLabel") })
  .trim()
  .min(1, keyed("settings.processing.validation.enterLabel"))
  .max(60, keyed("settings.processing.validation.labelTooLong", { max: 60 }))
  .refine((v) => !hasUnsafeLineCharacter(v), keyed("settings.processing.validation.labelUnsafe"));

/**
 * Rows whose labels are unique ignoring case. Checked before the rows are parsed, so a repeated
 * label is reported together with the rows' other errors (a refinement after would wait for them).
 */
const uniquelyLabelled = <T extends z.ZodTypeAny>(rows: T) =>
  z.preprocess((value, ctx) => {
    if (!Array.isArray(value)) return value;
    const seen = new Set<string>();
    value.forEach((row: unknown, i) => {
      const label = (row as { Label?: unknown } | null)?.Label;
      if (typeof label !== "string" || label.trim() === "") return;
      const key = label.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: [i, "Label"],
          message: keyed("settings.processing.validation.labelsUnique"),
        });
      seen.add(key);
    });
    return value;
  }, rows);

export const QUICK_RENDITION_FORMATS = ["jpeg", "png", "webp"] as const;

export const renditionSetSchema = z.object({
  Name: listNameSchema,
  Sizes: uniquelyLabelled(
    z
      .array(
        z.object({
          Label: labelSchema,
          /** The longer side, in pixels. */
          Size: int(16, 8000, "settings.processing.field.size"),
          Format: z
            .enum(QUICK_RENDITION_FORMATS, { errorMap: () => ({ message: CHOOSE_FORMAT }) })
            .default("jpeg"),
        }),
      )
      .min(1, keyed("settings.processing.validation.addSize"))
      .max(20, keyed("settings.processing.validation.setMaxSizes", { max: 20 })),
  ),
});
export type RenditionSetInput = z.output<typeof renditionSetSchema>;

export const cropProfileSetSchema = z.object({
  Name: listNameSchema,
  Profiles: uniquelyLabelled(
    z
      .array(
        z
          .object({
            Label: labelSchema,
            /** An aspect ratio (width:height) or, with FixedSize, exact pixels. */
            Width: int(1, 20_000, "settings.processing.field.width"),
            Height: int(1, 20_000, "settings.processing.field.height"),
            FixedSize: flag.default(false),
          })
          .superRefine((p, ctx) => {
            if (!p.FixedSize && (p.Width > 100 || p.Height > 100))
              ctx.addIssue({
                code: "custom",
                path: ["Width"],
                message: keyed("settings.processing.validation.aspectRatio"),
              });
          }),
      )
      .min(1, keyed("settings.processing.validation.addCrop"))
      .max(30, keyed("settings.processing.validation.setMaxCrops", { max: 30 })),
  ),
});
export type CropProfileSetInput = z.output<typeof cropProfileSetSchema>;

export const watermarkUploadSchema = z.object({
  Name: listNameSchema,
});

export const MAX_WATERMARK_BYTES = 10 * 1024 * 1024;
export const MAX_WATERMARK_SIDE = 8000;

/**
 * Row lists without their blank rows: the forms offer empty rows to fill in (without JavaScript
 * there is no "add row"), and rows left empty at the end are no rows. Only trailing ones: a
 * blank row between filled ones keeps its place, so errors stay by the row they concern.
 */
function withoutTrailing<T>(rows: T[], blank: (row: T) => boolean): T[] {
  let end = rows.length;
  while (end > 0 && blank(rows[end - 1]!)) end--;
  return rows.slice(0, end);
}

export function dropBlankRows(values: Record<string, unknown>): Record<string, unknown> {
  // Conform's reply leaves out empty values, so a row left empty comes back as nothing at all.
  const blank = (row: unknown) =>
    row === null ||
    row === undefined ||
    (typeof row === "object" &&
      !Array.isArray(row) &&
      Object.entries(row).every(
        ([key, v]) =>
          key === "FixedSize" || key === "Format" || v === undefined || String(v).trim() === "",
      ));
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      if (!Array.isArray(value) || !value.some((v) => typeof v === "object")) return [key, value];
      // filter closes up the gap of a post that skips an index ("Sizes[0]", "Sizes[2]").
      return [
        key,
        withoutTrailing(
          value.filter(() => true),
          blank,
        ),
      ];
    }),
  );
}

/** An editor's form as its list's schema reads it, in the browser and on the server alike. */
export const editorFormSchema = <S extends z.ZodTypeAny>(schema: S) =>
  z.preprocess((v) => dropBlankRows((v ?? {}) as Record<string, unknown>), schema);
