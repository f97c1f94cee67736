import { db } from "~/db/connection.server";
import type { NamedSettingsRow } from "~/db/schema";

/*
 * The configuration lists the archive dialog picks from (spec 001 section 7, decision 038):
 * processing profiles and their sets, quick rendition sets, crop profile sets and watermarks.
 * The reads every part of the dialog shares live here; each list's settings, writes and admin
 * page belong to decision 040.
 */

export type NamedList =
  "processing_profiles" | "processing_profile_sets" | "rendition_sets" | "crop_profile_sets";

export interface NamedEntry {
  id: string;
  name: string;
}

const entry = (row: Pick<NamedSettingsRow, "id" | "name">): NamedEntry => ({
  id: row.id,
  name: row.name,
});

/** Every entry of one list, by name. */
export async function listNamed(list: NamedList): Promise<NamedEntry[]> {
  const rows = await db().selectFrom(list).select(["id", "name"]).orderBy("name_key").execute();
  return rows.map(entry);
}

/** Whether the list holds an entry with this id (the archive dialog's profile checks). */
export async function namedExists(list: NamedList, id: string): Promise<boolean> {
  const row = await db().selectFrom(list).select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

export interface WatermarkEntry {
  fileName: string;
  name: string;
}

export async function listWatermarkEntries(): Promise<WatermarkEntry[]> {
  const rows = await db()
    .selectFrom("watermarks")
    .select(["file_name", "name"])
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ fileName: r.file_name, name: r.name }));
}

/** Everything the archive dialog's lists offer, read together. */
export async function archiveDialogLists() {
  const [processingProfiles, processingProfileSets, renditionSets, cropProfileSets, watermarks] =
    await Promise.all([
      listNamed("processing_profiles"),
      listNamed("processing_profile_sets"),
      listNamed("rendition_sets"),
      listNamed("crop_profile_sets"),
      listWatermarkEntries(),
    ]);
  return { processingProfiles, processingProfileSets, renditionSets, cropProfileSets, watermarks };
}
