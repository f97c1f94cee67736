import type { Migration } from "kysely";
import type { AnyDb, MigrationDialect } from "./helpers";

/*
 * Processing (decision 040). The cache of derived files: a processed download or a watermarked
 * preview is made once per (source blob, recipe, watermark image) and kept in the blob store under
 * this key, so a change of profile or watermark makes a new key and nothing stale is served.
 * And the defaults a fresh site needs for its lists to be useful, written out as they were when
 * this migration was made (fixed ids, so the archive dialog and tests can name them).
 */

const AT = "2026-11-25T00:00:00.000Z";

const WEB_JPEG = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a01";
const PRINT_TIFF = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a02";
const SOCIAL_SQUARE = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a03";

const noWatermark = { FileName: "", Alignment: 4, ScaleToFit: false };

const PROFILES = [
  {
    id: WEB_JPEG,
    name: "Web JPEG 2048",
    settings: {
      Format: "jpeg",
      Size: { Width: 2048, Height: 2048, Fit: "inside" },
      Quality: 85,
      ColorProfile: "srgb",
      Watermark: noWatermark,
      Sharpen: "light",
      KeepMetadata: true,
      Resolution: 72,
    },
  },
  {
    id: PRINT_TIFF,
    name: "Print TIFF",
    settings: {
      Format: "tiff",
      Size: { Width: 0, Height: 0, Fit: "inside" },
      Quality: 100,
      ColorProfile: "keep",
      Watermark: noWatermark,
      Sharpen: "none",
      KeepMetadata: true,
      Resolution: 300,
    },
  },
  {
    id: SOCIAL_SQUARE,
    name: "Social 1080 square",
    settings: {
      Format: "jpeg",
      Size: { Width: 1080, Height: 1080, Fit: "cover" },
      Quality: 85,
      ColorProfile: "srgb",
      Watermark: noWatermark,
      Sharpen: "medium",
      KeepMetadata: false,
      Resolution: 72,
    },
  },
];

const PROFILE_SETS = [
  {
    id: "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2b01",
    name: "Web, print and social",
    settings: { Profiles: [WEB_JPEG, PRINT_TIFF, SOCIAL_SQUARE] },
  },
];

const RENDITION_SETS = [
  {
    id: "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2c01",
    name: "Standard sizes",
    settings: {
      Sizes: [
        { Label: "Small", Size: 400, Format: "jpeg" },
        { Label: "Medium", Size: 1024, Format: "jpeg" },
        { Label: "Large", Size: 2048, Format: "jpeg" },
      ],
    },
  },
];

const CROP_SETS = [
  {
    id: "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2d01",
    name: "Common ratios",
    settings: {
      Profiles: [
        { Label: "Square", Width: 1, Height: 1, FixedSize: false },
        { Label: "Landscape 3:2", Width: 3, Height: 2, FixedSize: false },
        { Label: "Widescreen 16:9", Width: 16, Height: 9, FixedSize: false },
        { Label: "Portrait 4:5", Width: 4, Height: 5, FixedSize: false },
      ],
    },
  },
];

export function processingLists(_dialect: MigrationDialect): Migration {
  const seed = async (
    db: AnyDb,
    table: string,
    rows: { id: string; name: string; settings: unknown }[],
  ) => {
    for (const row of rows)
      await db
        .insertInto(table)
        .values({
          id: row.id,
          name: row.name,
          name_key: row.name.toLowerCase(),
          settings: JSON.stringify(row.settings),
          created_at: AT,
          updated_at: AT,
        })
        .execute();
  };
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("derived_files")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("blob_hash", "text", (c) => c.notNull())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("file_size", "integer", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await seed(db, "processing_profiles", PROFILES);
      await seed(db, "processing_profile_sets", PROFILE_SETS);
      await seed(db, "rendition_sets", RENDITION_SETS);
      await seed(db, "crop_profile_sets", CROP_SETS);
    },
    async down(db: AnyDb) {
      for (const table of [
        "processing_profiles",
        "processing_profile_sets",
        "rendition_sets",
        "crop_profile_sets",
      ])
        await db
          .deleteFrom(table)
          .where(
            "id",
            "in",
            [...PROFILES, ...PROFILE_SETS, ...RENDITION_SETS, ...CROP_SETS].map((r) => r.id),
          )
          .execute();
      await db.schema.dropTable("derived_files").execute();
    },
  };
}
