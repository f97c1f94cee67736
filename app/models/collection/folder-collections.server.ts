import { db } from "~/db/connection.server";
import { folderHref } from "~/utils/links";
import { folderPinHref } from "~/utils/navigation-links";
import { onePage } from "~/utils/paging";

/*
 * Folders as the reference's sub collections: an archive's (or a folder's) children, childCount
 * and hasChildren, and the folder chain an asset or folder sits in (ancestors). A folder's
 * address is its URL under the archive, the FotoWare way (decision 114); its matchingHref the
 * archive's grid narrowed to it (`?folder=`), the one its pins store.
 */

export interface FolderRef {
  name: string;
  path: string;
}

/** A folder as a collection: enough for a client to name it and follow it to its assets. */
export function folderCollection(archiveHref: string, folder: FolderRef) {
  const href = folderHref(archiveHref, folder.path);
  return {
    name: folder.name,
    href,
    data: href,
    matchingHref: folderPinHref(archiveHref, folder.path),
    type: "folder",
    originalURL: href,
  };
}

/**
 * The reference's children (a collection list), childCount and hasChildren of the collection at
 * `href` whose sub folders are `folders`: an empty list, 0 and false without any.
 */
export function childrenOf(href: string, archiveHref: string, folders: readonly FolderRef[]) {
  return {
    children: {
      data: folders.map((f) => folderCollection(archiveHref, f)),
      paging: onePage(href),
    },
    childCount: folders.length,
    hasChildren: folders.length > 0,
  };
}

/** Each archive's top-level folders, by name (one query for the lot). */
export async function topFolders(archiveIds: number[]): Promise<Map<number, FolderRef[]>> {
  const result = new Map<number, FolderRef[]>();
  if (archiveIds.length === 0) return result;
  const rows = await db()
    .selectFrom("folders")
    .select(["archive_id", "name", "path"])
    .where("archive_id", "in", archiveIds)
    .where("parent_id", "is", null)
    .orderBy("name")
    .execute();
  for (const row of rows) {
    const list = result.get(row.archive_id) ?? [];
    list.push({ name: row.name, path: row.path });
    result.set(row.archive_id, list);
  }
  return result;
}

const prefixes = (path: string) => {
  const parts = path.split("/").filter(Boolean);
  return parts.map((_, i) => parts.slice(0, i + 1).join("/"));
};

/**
 * The folder chain of each folder, outermost first and the folder itself last (two queries for
 * the lot). A folder missing from its chain (removed, its children kept) is skipped.
 */
export async function folderChains(folderIds: number[]): Promise<Map<number, FolderRef[]>> {
  const result = new Map<number, FolderRef[]>();
  const ids = [...new Set(folderIds)];
  if (ids.length === 0) return result;
  const own = await db()
    .selectFrom("folders")
    .select(["id", "archive_id", "path"])
    .where("id", "in", ids)
    .execute();
  const wanted = own.flatMap((f) => prefixes(f.path).map((p) => [f.archive_id, p] as const));
  if (wanted.length === 0) return result;
  const rows = await db()
    .selectFrom("folders")
    .select(["archive_id", "name", "path"])
    .where((eb) =>
      eb(
        eb.refTuple("archive_id", "path"),
        "in",
        wanted.map(([archiveId, path]) => eb.tuple(archiveId, path)),
      ),
    )
    .execute();
  const byKey = new Map(rows.map((r) => [`${r.archive_id}/${r.path}`, r]));
  for (const f of own)
    result.set(
      f.id,
      prefixes(f.path).flatMap((p) => {
        const row = byKey.get(`${f.archive_id}/${p}`);
        return row ? [{ name: row.name, path: row.path }] : [];
      }),
    );
  return result;
}
