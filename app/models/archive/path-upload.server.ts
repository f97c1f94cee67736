import { randomUUID } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { db, now } from "~/db/connection.server";
import type { MediaType } from "~/media/media-type.server";
import { addRevision, createAsset, type Created, type Within } from "~/models/asset/asset.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { folderPathSchema, type UploadMetadataField } from "~/models/upload/upload.schema";
import { blobStore, type BlobInfo } from "~/storage/blob-store.server";
import { checkArchivePath } from "./archive-path.server";
import type { ArchiveConfig } from "./archive.schema";
import type { Archive } from "./archive.server";
import { openBelow, statOf } from "./path-files.server";
import { linkRevision } from "./path-scan.server";

/*
 * Uploads into a path archive (decision 042): the file is written into the archive's folder,
 * then indexed as the scanner would have indexed it, so the next scan finds it unchanged. Where it
 * goes follows the input location (spec 001 section 3): 1 the archive's InputFolder, 2 the folder
 * the uploader chose, 3 InputFolder as a full path on the file system, which must still lie in the
 * archive's folder. It never overwrites (a taken name gets " (2)", " (3)"...), never follows a
 * symbolic link on the way, and appears under its name only once it is whole (written to a hidden
 * temporary name, then linked to its own, which fails rather than replace anything).
 */

export interface FolderUpload {
  archive: Archive;
  /** The uploader's folder (input location 2). */
  folderPath?: string;
  /** A new revision of this asset: its file is replaced in place. */
  assetId?: number;
}

export interface FolderUploadContent {
  fileName: string;
  blob: BlobInfo;
  type: MediaType;
  userId: number | null;
  comment?: string;
  fields?: UploadMetadataField[];
  within?: Within;
}

const invalid = (message: string) => new Problem("invalid", message);

/** The folder below the archive's folder an upload goes to, by the input location. */
export function uploadFolder(config: ArchiveConfig, root: string, chosen = ""): string {
  const inputFolder = config.InputFolder.trim();
  let relative: string;
  if (config.InputLocation === 3 && path.isAbsolute(inputFolder)) {
    const resolved = path.resolve(inputFolder);
    if (resolved !== root && !resolved.startsWith(root + path.sep))
      throw invalid(keyed("work.upload.refusal.folderOutside"));
    relative = path.relative(root, resolved).split(path.sep).join("/");
  } else if (config.InputLocation === 2 && chosen !== "") relative = chosen;
  else relative = inputFolder;
  const parsed = folderPathSchema.safeParse(relative);
  if (!parsed.success) throw invalid(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Makes the folders of `relative` below `root` one by one, refusing any that is a link. */
async function ensureFolders(root: string, relative: string): Promise<string> {
  let at = root;
  for (const segment of relative === "" ? [] : relative.split("/")) {
    at = path.join(at, segment);
    try {
      await fs.mkdir(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const stat = await fs.lstat(at);
    if (!stat.isDirectory())
      throw invalid(`"${segment}" in the upload folder is not a folder (links are not followed).`);
  }
  return at;
}

const MAX_NAME_TRIES = 1000;

/** A name not yet taken in the folder: "photo.jpg", then "photo (2).jpg"... */
function candidate(fileName: string, n: number) {
  if (n === 1) return fileName;
  const ext = path.extname(fileName);
  const stem = ext && ext !== fileName ? fileName.slice(0, -ext.length) : fileName;
  return `${stem} (${n})${ext}`;
}

/** Copies the blob into the folder under a hidden name; the caller links or renames it. */
async function writeTemporary(folder: string, blob: BlobInfo): Promise<string> {
  const temporary = path.join(folder, `.arkiv-upload-${randomUUID()}`);
  const flags =
    fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW;
  const handle = await fs.open(temporary, flags, 0o644);
  try {
    const source = await blobStore().read(blob.hash);
    for await (const chunk of source as AsyncIterable<Buffer>) await handle.write(chunk);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return temporary;
}

async function archiveRoot(archive: Archive) {
  const check = await checkArchivePath(archive.config.Path);
  if (!check.ok) throw invalid(check.message);
  return check.path;
}

/** A new file, or a new revision of one, written into a path archive's folder and indexed. */
export async function uploadIntoFolder(
  target: FolderUpload,
  content: FolderUploadContent,
): Promise<Created> {
  const root = await archiveRoot(target.archive);
  return target.assetId === undefined
    ? newFile(root, target, content)
    : replaceFile(root, target.assetId, target.archive, content);
}

async function newFile(root: string, target: FolderUpload, content: FolderUploadContent) {
  const relativeFolder = uploadFolder(target.archive.config, root, target.folderPath ?? "");
  const folder = await ensureFolders(root, relativeFolder);
  const temporary = await writeTemporary(folder, content.blob);
  try {
    for (let n = 1; n <= MAX_NAME_TRIES; n++) {
      const name = candidate(content.fileName, n);
      try {
        // link() fails when the name is taken: nothing is ever replaced.
        await fs.link(temporary, path.join(folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
        throw error;
      }
      const relative = relativeFolder ? `${relativeFolder}/${name}` : name;
      const stat = statOf(await fs.lstat(path.join(folder, name), { bigint: true }));
      return await createAsset(
        {
          archiveId: target.archive.id,
          blob: content.blob,
          type: content.type,
          fileName: name,
          userId: content.userId,
          comment: content.comment,
          fields: content.fields,
          folderPath: relativeFolder,
        },
        async (trx, created) => {
          const row = await trx
            .insertInto("indexed_files")
            .values({
              archive_id: target.archive.id,
              path: relative,
              ...stat,
              hash: content.blob.hash,
              asset_id: created.assetId,
              failure: null,
              missing_since: null,
              updated_at: now(),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await linkRevision(trx, created, row.id);
          await content.within?.(trx, created);
        },
      );
    }
    throw new Problem(
      "conflict",
      keyed("work.upload.refusal.namesTaken", { name: content.fileName }),
    );
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** A new revision: the indexed file is replaced whole (rename), after checking it is still ours. */
async function replaceFile(
  root: string,
  assetId: number,
  archive: Archive,
  content: FolderUploadContent,
) {
  const row = await db()
    .selectFrom("indexed_files")
    .select(["id", "path"])
    .where("asset_id", "=", assetId)
    .where("archive_id", "=", archive.id)
    .where("missing_since", "is", null)
    .executeTakeFirst();
  if (!row) throw new Problem("conflict", keyed("work.upload.refusal.fileGone"));
  // The path must still lead to a plain file inside the folder, no link on the way.
  const opened = await openBelow(root, row.path).catch(() => {
    throw new Problem("conflict", keyed("work.upload.refusal.fileNotReplaceable"));
  });
  await opened.handle.close();
  const folder = path.dirname(opened.file);
  const temporary = await writeTemporary(folder, content.blob);
  try {
    await fs.rename(temporary, opened.file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  const stat = statOf(await fs.lstat(opened.file, { bigint: true }));
  return addRevision(
    assetId,
    {
      archiveId: archive.id,
      blob: content.blob,
      type: content.type,
      fileName: path.basename(opened.file),
      userId: content.userId,
      comment: content.comment,
      fields: content.fields,
    },
    async (trx, created) => {
      await trx
        .updateTable("indexed_files")
        .set({ ...stat, hash: content.blob.hash, failure: null, updated_at: now() })
        .where("id", "=", row.id)
        .execute();
      await linkRevision(trx, created, row.id);
      await content.within?.(trx, created);
    },
  );
}
