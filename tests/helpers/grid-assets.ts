import { db, now } from "~/db/connection.server";

/*
 * Ready assets inserted directly (no ingest, no files), for tests of listing, paging, order and
 * pins. Values repeat on purpose so every sort order has ties that only the id breaks.
 */

export interface TestAsset {
  id: number;
  file_name: string;
  title: string;
  modified_date: string | null;
  camera_date: string | null;
  file_size: number;
  position: number;
  width: number;
  height: number;
}

export async function insertReadyAssets(
  archiveId: number,
  count: number,
  options: { folderId?: number | null; state?: "ready" | "processing" } = {},
): Promise<TestAsset[]> {
  const at = now();
  const made: TestAsset[] = [];
  for (let i = 0; i < count; i++) {
    const values = {
      file_name: `name${String(i % 7).padStart(2, "0")}.jpg`,
      title: `title${i % 5}`,
      modified_date: i % 4 === 0 ? null : `2024-01-0${(i % 3) + 1}T10:00:00.000Z`,
      camera_date: i % 6 === 0 ? null : `2023-05-0${(i % 2) + 1}T08:00:00.000Z`,
      file_size: 1000 * ((i % 3) + 1),
      position: i % 10,
      width: i % 2 === 0 ? 300 : 200,
      height: i % 2 === 0 ? 200 : 300,
    };
    const row = await db()
      .insertInto("assets")
      .values({
        archive_id: archiveId,
        folder_id: options.folderId ?? null,
        state: options.state ?? "ready",
        failure: null,
        color_space: "srgb",
        orientation: 1,
        placeholder: null,
        iptc_date: null,
        release_date: null,
        created_by: null,
        created_at: at,
        updated_at: at,
        ...values,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    made.push({ id: row.id, ...values });
  }
  return made;
}
