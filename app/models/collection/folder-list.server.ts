import { db } from "~/db/connection.server";
import type { Collection } from "~/models/archive/archive.server";
import { folderHref } from "~/utils/links";
import { folderLevel, type CollectionPage, type FolderEntry } from "./collection-page.server";
import { folderCollection } from "./folder-collections.server";

/*
 * An archive's (or a folder's) child folders as collections, the collectionlist+json an archive
 * answers (reference "Get all information about an archive", issue 33): each one the archive's
 * collection narrowed to the folder, at the folder's URL (decision 114), with how many folders
 * it holds in turn (the reference's sub collections: folder-collections.server.ts). Whoever may see the archive sees its folders; the page checked that.
 */

async function subfolderCounts(archiveId: number, folders: FolderEntry[]) {
  if (folders.length === 0) return new Map<number, number>();
  const rows = await db()
    .selectFrom("folders")
    .select(["parent_id", db().fn.countAll<number>().as("count")])
    .where("archive_id", "=", archiveId)
    .where(
      "parent_id",
      "in",
      folders.map((f) => f.id),
    )
    .groupBy("parent_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.parent_id), Number(r.count)]));
}

function folderListEntry(entry: Collection, folder: FolderEntry, childCount: number) {
  const own = folderCollection(entry.href, folder);
  return {
    ...entry,
    ...own,
    id: `${entry.id}.${folder.id}`,
    description: "",
    searchURL: `${own.href}{?q}`,
    posterImages: [],
    posterAsset: null,
    pin: null,
    childCount,
    hasChildren: childCount > 0,
  };
}

/** The child folders at the page's level, as a collection list. */
export async function folderCollectionList(page: CollectionPage, entry: Collection) {
  const level = await folderLevel(page.archive.id, page.params.folder);
  const counts = await subfolderCounts(page.archive.id, level.children);
  const base = level.current ? folderHref(entry.href, level.current.path) : entry.href;
  return {
    data: level.children.map((f) => folderListEntry(entry, f, counts.get(f.id) ?? 0)),
    // One page: a level holds at most the 500 folders folderLevel reads.
    paging: { first: base, last: base },
  };
}
