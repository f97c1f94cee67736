import fs from "node:fs/promises";
import path from "node:path";
import { requireArchiveAdministration } from "~/models/access/access.server";
import { keyed } from "~/models/locale/keyed";
import { fileNameProblem } from "~/models/upload/upload.schema";
import type { Viewer } from "~/models/user/user.schema";
import { allowedRoots, checkArchivePath } from "./archive-path.server";
import type { IndexFolder, IndexSearch, IndexSearchAnswer, PoolsAnswer } from "./pools.schema";

/*
 * Pools and the index browser (spec 001 sections 2, 3 and 7; decision 042). Arkiv has one pool,
 * its own blob store; a free path is allowed when the operator set ARCHIVE_ROOTS. The index
 * browser's "servers" are those roots, and a search lists a folder's subfolders. The spec's states
 * map to what a folder on this server can be: never a log-on (no root needs credentials: given
 * ones are refused with a message), ConnectionFailed with the reason for a folder not allowed or
 * unreadable, and never insecure (nothing crosses a network).
 */

export const DEFAULT_POOL = { Id: "default", Name: "Arkiv's own storage", Path: "" };

/** How many subfolders one answer lists; the rest are reached by searching deeper. */
export const MAX_LISTED_FOLDERS = 1000;

export async function pools(viewer: Viewer | null): Promise<PoolsAnswer> {
  await requireArchiveAdministration(viewer);
  return {
    AllowExternalPath: allowedRoots().length > 0,
    AllowPoolManagement: false,
    Pools: [DEFAULT_POOL],
  };
}

const rootName = (root: string) => path.basename(root) || root;

export async function indexServers(viewer: Viewer | null) {
  await requireArchiveAdministration(viewer);
  return {
    Servers: allowedRoots().map((root) => ({ Name: rootName(root), Path: root, ServerUri: root })),
  };
}

const answer = (fields: Partial<IndexSearchAnswer>): IndexSearchAnswer => ({
  AuthenticationRequired: false,
  ConnectionFailed: false,
  ConnectionError: "",
  IsInsecure: false,
  ServerUri: "",
  Pools: [],
  ...fields,
});

const failed = (query: string, message: string) =>
  answer({ ConnectionFailed: true, ConnectionError: message, ServerUri: query });

/** The folders below a folder the archive dialog may pick: no link, no hidden or hostile name. */
async function subfolders(folder: string): Promise<IndexFolder[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && fileNameProblem(e.name) === null)
    .map((e) => ({ Name: e.name, Path: path.join(folder, e.name) }))
    .sort((a, b) => a.Name.localeCompare(b.Name))
    .slice(0, MAX_LISTED_FOLDERS);
}

/** An index search: the roots for an empty query, else the folder's subfolders or why not. */
export async function searchIndex(
  viewer: Viewer | null,
  search: IndexSearch,
): Promise<IndexSearchAnswer> {
  await requireArchiveAdministration(viewer);
  const query = search.Query.trim().replace(/^file:\/\//i, "");
  if (search.Username !== "" || search.Password !== "")
    return failed(query, keyed("settings.indexBrowser.error.credentials"));
  const roots = allowedRoots();
  if (query === "") {
    if (roots.length === 0) return failed("", keyed("settings.indexBrowser.error.noRootsSetting"));
    return answer({ Pools: roots.map((root) => ({ Name: rootName(root), Path: root })) });
  }
  const check = await checkArchivePath(query);
  if (!check.ok) return failed(query, check.message);
  try {
    return answer({ ServerUri: check.path, Pools: await subfolders(check.path) });
  } catch {
    return failed(query, keyed("settings.indexBrowser.error.unreadable"));
  }
}

/** The folder above, while it is still inside an allowed root; null at a root. */
export function parentFolder(folder: string): string | null {
  const parent = path.dirname(folder);
  if (parent === folder) return null;
  return allowedRoots().some((root) => parent === root || parent.startsWith(root + path.sep))
    ? parent
    : null;
}
