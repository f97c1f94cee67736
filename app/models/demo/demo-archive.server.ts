import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { db } from "~/db/connection.server";
import { blobStore } from "~/storage/blob-store.server";
import { generateDemoPhotos } from "./demo-photos.server";
import { detectMediaType } from "~/media/media-type.server";
import {
  ArchiveNameTakenError,
  countArchives,
  createArchive,
  findArchive,
} from "~/models/archive/archive.server";
import { firstAssetIdsOfArchive } from "~/models/asset/asset-rows.server";
import { findAssetWithContent } from "~/models/asset/asset.server";
import { register } from "~/models/upload/upload.server";
import { siteOwnerId } from "~/models/user/user.server";

/*
 * The demo archive a newcomer sees on first start: photographs made by our own code, with
 * embedded metadata, ingested by the same path as any upload. Made once, when the database has
 * no archive yet; a start cut off halfway resumes (identical photographs are skipped).
 */

export const DEMO_ARCHIVE_NAME = "Demo photographs";
export const DEMO_ALBUM_NAME = "Demo highlights";
const DEMO_ALBUM_SIZE = 8;
const STATE_KEY = "demoArchive";

async function demoState(): Promise<{ archiveId: number; done: boolean } | null> {
  const row = await db()
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", STATE_KEY)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as { archiveId: number; done: boolean };
  } catch {
    return null;
  }
}

async function saveState(state: { archiveId: number; done: boolean }) {
  const value = JSON.stringify(state);
  await db()
    .insertInto("site_settings")
    .values({ key: STATE_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** Makes (or finishes making) the demo archive; returns how many photographs were added. */
export async function ensureDemoArchive(options: { count?: number } = {}): Promise<number> {
  let state = await demoState();
  if (state?.done) return 0;
  if (!state) {
    if ((await countArchives()) > 0) return 0;
    try {
      const archive = await createArchive({
        name: DEMO_ARCHIVE_NAME,
        description: "Generated photographs with embedded metadata, to try Arkiv with.",
        members: [
          {
            type: "group",
            id: REGISTERED_USERS_GROUP_ID,
            permissions: ["View", "Preview", "Download", "UploadFile", "EditText", "Comment"],
            autoSearch: "",
          },
          {
            type: "group",
            id: EVERYONE_GROUP_ID,
            permissions: ["View", "Preview"],
            autoSearch: "",
          },
        ],
      });
      state = { archiveId: archive.id, done: false };
      await saveState(state);
    } catch (error) {
      if (error instanceof ArchiveNameTakenError) return 0; // another process is making it
      throw error;
    }
  }
  const archive = await findArchive(state.archiveId);
  if (!archive) return 0;
  let added = 0;
  for await (const photo of generateDemoPhotos({ count: options.count })) {
    const blob = await blobStore().put(photo.data);
    if (await findAssetWithContent(archive.id, blob.hash)) continue;
    const type = await detectMediaType(photo.data.subarray(0, 65536), photo.fileName);
    await register(null, { archive }, photo.fileName, blob, type);
    added += 1;
  }
  await demoAlbum(archive.id);
  await saveState({ archiveId: archive.id, done: true });
  return added;
}

/*
 * An album of the site owner's with the first demo photographs, so the albums page has something
 * to open and share. Linked directly: the photographs are still being ingested, and an album
 * shows each one as soon as it is ready (what its owner sees).
 */
async function demoAlbum(archiveId: number) {
  const ownerId = await siteOwnerId();
  if (ownerId === undefined) return;
  const existing = await db()
    .selectFrom("albums")
    .select("id")
    .where("owner_id", "=", ownerId)
    .where("name", "=", DEMO_ALBUM_NAME)
    .executeTakeFirst();
  if (existing) return;
  const assetIds = await firstAssetIdsOfArchive(archiveId, DEMO_ALBUM_SIZE);
  const at = new Date().toISOString();
  await db()
    .transaction()
    .execute(async (trx) => {
      const album = await trx
        .insertInto("albums")
        .values({
          owner_id: ownerId,
          name: DEMO_ALBUM_NAME,
          description: "A few of the demo photographs, to try albums and sharing with.",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (assetIds.length > 0)
        await trx
          .insertInto("album_assets")
          .values(
            assetIds.map((assetId, i) => ({
              album_id: album.id,
              asset_id: assetId,
              position: i + 1,
              added_by: ownerId,
              added_at: at,
            })),
          )
          .execute();
    });
}
