import { z } from "zod";
import { fileNameProblem as sharedFileNameProblem } from "~/models/validation/text.schema";

/*
 * What an upload may name and carry: file names, folder paths and the metadata of the chunked
 * upload API (reference "BatchUploadCreate"). No server imports: the upload form uses it too.
 */

export { MAX_FILE_NAME_BYTES } from "~/models/validation/text.schema";

/**
 * The refusal for a hostile or unusable file name, or null when it is acceptable: the rule a
 * rename follows too (decision 070), with what to do about it.
 */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === "") return "The file has no name. Give it a name and upload it again.";
  const problem = sharedFileNameProblem(name);
  return problem ? `${problem} Rename the file and upload it again.` : null;
}

export const fileNameSchema = z.string().superRefine((name, ctx) => {
  const problem = fileNameProblem(name);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});

/** A folder path below the archive's root: segments that are each a valid file name. */
export const folderPathSchema = z
  .string()
  .max(1000, "A folder path can be at most 1000 characters long.")
  .transform((p) => p.replace(/^\/+|\/+$/g, ""))
  .superRefine((p, ctx) => {
    if (p === "") return;
    for (const segment of p.split("/")) {
      const problem = segment === "" ? "A folder path cannot hold empty segments (//)." : null;
      const nameProblem = problem ?? fileNameProblem(segment);
      if (nameProblem) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Folder "${segment}": ${nameProblem}`,
        });
        return;
      }
    }
  });

export const uploadMetadataFieldSchema = z.object({
  id: z.number().int().min(0).max(99_999),
  action: z.enum(["add", "append", "prepend", "erase"]).default("add"),
  value: z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(1000)]).optional(),
});
export type UploadMetadataField = z.infer<typeof uploadMetadataFieldSchema>;

export const uploadMetadataSchema = z
  .object({
    fields: z.array(uploadMetadataFieldSchema).max(500).default([]),
    attributes: z
      .array(z.object({ key: z.string().max(200), value: z.string().max(2000) }))
      .max(100)
      .default([]),
  })
  .default({});

export const batchUploadCreateSchema = z.object({
  destination: z.string().min(1, "Name the destination: an archive's or an asset's URL.").max(2000),
  folder: z.string().max(1000).optional().nullable(),
  filename: fileNameSchema.optional().nullable(),
  hasXmp: z.boolean().optional().nullable(),
  fileSize: z
    .number({ invalid_type_error: "fileSize must be the file's size in bytes." })
    .int("fileSize must be a whole number of bytes.")
    .min(1, "A file must hold at least one byte."),
  checkoutId: z.null().optional(),
  metadata: uploadMetadataSchema.optional().nullable(),
  comment: z.string().max(10_000).optional().nullable(),
});
export type BatchUploadCreate = z.infer<typeof batchUploadCreateSchema>;

/**
 * An archive's upload limits as the browser applies them before sending (decision 043): with
 * client-side resize on, images are re-encoded as JPEG at `quality` until their decoded pixels
 * (width × height × 4 bytes, as a canvas holds them) fit `maxImageBytes` and the file fits
 * `maxFileBytes`. 0 means no limit. null: the archive does not resize.
 */
export interface UploadLimits {
  quality: number;
  maxImageBytes: number;
  maxFileBytes: number;
}

/** Bytes a decoded image takes: 4 per pixel (RGBA), the unit UploadRestrictImageSize counts. */
export const DECODED_BYTES_PER_PIXEL = 4;

export function uploadLimitsOf(config: {
  UploadEnableClientSideResize: boolean;
  UploadDefaultJpegQuality: number;
  UploadRestrictImageSize: number;
  UploadRestrictFileSize: number;
}): UploadLimits | null {
  if (!config.UploadEnableClientSideResize) return null;
  return {
    quality: config.UploadDefaultJpegQuality,
    maxImageBytes: config.UploadRestrictImageSize,
    maxFileBytes: config.UploadRestrictFileSize,
  };
}
