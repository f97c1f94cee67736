import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { db, now } from "~/db/connection.server";
import type { WatermarkRow } from "~/db/schema";
import { requireArchiveAdministration } from "~/models/access/access.server";
import { listArchives } from "~/models/archive/archive.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { blobStore } from "~/storage/blob-store.server";
import { inUseProblem, readList } from "./lists.server";
import { MAX_WATERMARK_BYTES, MAX_WATERMARK_SIDE, WATERMARK_FILE_NAME } from "./processing.schema";

/*
 * Watermark images (spec 001 "watermarks": FileName, Name; decision 040). Only PNG and JPEG, told
 * by their first bytes, never by the name; at most 10 MB and 8000 × 8000 pixels, checked from the
 * header before any pixel is decoded, then decoded once whole so a damaged file is refused here
 * and not at the first preview. The bytes go to the blob store; the file name is derived from the
 * given name (no folders, no control characters) and made unique.
 */

export interface Watermark {
  FileName: string;
  Name: string;
  Width: number;
  Height: number;
  Href: string;
  ImageHref: string;
}

const API = "/fotoweb/api/config/watermarks";

export function toWatermark(row: WatermarkRow): Watermark {
  const href = `${API}/${encodeURIComponent(row.file_name)}`;
  return {
    FileName: row.file_name,
    Name: row.name,
    Width: row.width,
    Height: row.height,
    Href: href,
    ImageHref: `${href}/image`,
  };
}

const NOT_FOUND = keyed("settings.processing.refusal.watermarkNotFound");

/** A watermark row by its file name, or null (names that could never be stored too). */
export async function findWatermark(fileName: string): Promise<WatermarkRow | null> {
  if (!WATERMARK_FILE_NAME.test(fileName)) return null;
  const row = await db()
    .selectFrom("watermarks")
    .selectAll()
    .where("file_name", "=", fileName)
    .executeTakeFirst();
  return row ?? null;
}

export async function listWatermarks(viewer: Viewer | null): Promise<Watermark[]> {
  await requireArchiveAdministration(viewer);
  const rows = await db().selectFrom("watermarks").selectAll().orderBy("name").execute();
  return rows.map(toWatermark);
}

export async function getWatermark(viewer: Viewer | null, fileName: string): Promise<WatermarkRow> {
  await requireArchiveAdministration(viewer);
  const row = await findWatermark(fileName);
  if (!row) throw new Problem("not-found", NOT_FOUND);
  return row;
}

/** What the first bytes say: "png", "jpeg", or null for anything else. */
export function sniffWatermark(head: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  return null;
}

/** A safe file name from the name given: letters, digits, space, dot, dash, underscore. */
export function watermarkFileBase(given: string, format: "png" | "jpeg"): string {
  const base = path.posix
    .basename(given.replace(/\\/g, "/"))
    .normalize("NFKD")
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .replace(/[ .-]+$/, "")
    .slice(0, 80);
  return `${base || "watermark"}.${format === "png" ? "png" : "jpg"}`;
}

async function uniqueFileName(wanted: string): Promise<string> {
  const dot = wanted.lastIndexOf(".");
  const stem = wanted.slice(0, dot);
  const ext = wanted.slice(dot);
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? wanted : `${stem}-${n}${ext}`;
    if (!(await findWatermark(name))) return name;
  }
  return `${stem}-${randomUUID().slice(0, 8)}${ext}`;
}

const invalid = (message: string) => new Problem("invalid", message);

/** Checks the image on disk: its kind, size and that it decodes whole. */
async function inspect(file: string, format: "png" | "jpeg") {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(keyed("settings.processing.watermark.unreadable"));
  }
  if (meta.format !== format) throw invalid(keyed("settings.processing.watermark.unreadable"));
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw invalid(keyed("settings.processing.watermark.noPixels"));
  if (width > MAX_WATERMARK_SIDE || height > MAX_WATERMARK_SIDE)
    throw new Problem(
      "too-large",
      keyed("settings.processing.watermark.tooManyPixels", {
        width,
        height,
        max: MAX_WATERMARK_SIDE,
      }),
    );
  try {
    await sharp(file, { limitInputPixels: MAX_WATERMARK_SIDE ** 2, failOn: "truncated" })
      .resize(32, 32, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch {
    throw invalid(keyed("settings.processing.watermark.damaged"));
  }
  return { width, height };
}

/** Stores an uploaded watermark: refused with a Problem unless it is a sound PNG or JPEG. */
export async function uploadWatermark(
  viewer: Viewer | null,
  input: { name: string; fileName: string; bytes: Uint8Array },
): Promise<Watermark> {
  await requireArchiveAdministration(viewer);
  if (input.bytes.length === 0) throw invalid(keyed("settings.processing.watermark.chooseFile"));
  if (input.bytes.length > MAX_WATERMARK_BYTES)
    throw new Problem("too-large", keyed("settings.processing.watermark.tooLarge"));
  const format = sniffWatermark(input.bytes.subarray(0, 8));
  if (!format) throw new Problem("unsupported", keyed("settings.processing.watermark.notAnImage"));
  // Users' bytes reach sharp by path only (renditions.server.ts: buffers may load SVG).
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arkiv-watermark-"));
  try {
    const file = path.join(dir, `upload.${format}`);
    await fs.writeFile(file, input.bytes);
    const { width, height } = await inspect(file, format);
    const blob = await blobStore().putFile(file, { maxBytes: MAX_WATERMARK_BYTES });
    const fileName = await uniqueFileName(watermarkFileBase(input.fileName || input.name, format));
    await db()
      .insertInto("watermarks")
      .values({
        file_name: fileName,
        name: input.name,
        blob_hash: blob.hash,
        width,
        height,
        created_at: now(),
      })
      .execute();
    return toWatermark((await findWatermark(fileName))!);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Who uses a watermark: archives (previews) and processing profiles. */
async function watermarkUsers(fileName: string) {
  const archives = (await listArchives())
    .filter((a) => a.config.WatermarkSettings.WatermarkFilename === fileName)
    .map((a) => a.name);
  const profiles = (await readList("processingProfiles"))
    .filter((p) => p.Watermark.FileName === fileName)
    .map((p) => p.Name);
  return { archives, profiles };
}

/** Removes a watermark nothing uses; its blob stays (content-addressed, maybe shared). */
export async function deleteWatermark(viewer: Viewer | null, fileName: string) {
  const row = await getWatermark(viewer, fileName);
  const { archives, profiles } = await watermarkUsers(row.file_name);
  if (archives.length + profiles.length > 0)
    throw inUseProblem(row.name, archives, { kind: "processingProfiles", names: profiles });
  await db().deleteFrom("watermarks").where("file_name", "=", row.file_name).execute();
  return toWatermark(row);
}
