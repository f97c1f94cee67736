import fs from "node:fs/promises";
import path from "node:path";
import { keyed } from "~/models/locale/keyed";
import { env } from "~/utils/env.server";

/*
 * Where a path archive's files may live (issue 16, decision 042): under one of the roots the
 * operator allows in ARCHIVE_ROOTS. A path is taken as the folder it finally resolves to, so a
 * symbolic link leading out of every root is refused like a path written outside them.
 */

/** The allowed roots, resolved; empty when the operator allows none. */
export function allowedRoots(): string[] {
  return env()
    .ARCHIVE_ROOTS.split(path.delimiter)
    .map((r) => r.trim())
    .filter((r) => r !== "")
    .map((r) => path.resolve(r));
}

/** Why not, keyed: read where it is shown (the dialog, the index browser, a scan's page). */
export type PathCheck =
  { ok: true; path: string } | { ok: false; code: "path_invalid"; message: string };

const invalid = (message: string): PathCheck => ({ ok: false, code: "path_invalid", message });

const inside = (root: string, target: string) =>
  target === root || target.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** Whether an archive may index this folder; the answer names the folder it resolves to. */
export async function checkArchivePath(given: string): Promise<PathCheck> {
  const roots = allowedRoots();
  if (roots.length === 0) return invalid(keyed("settings.indexBrowser.error.noRoots"));
  const trimmed = given.trim();
  if (trimmed === "" || !path.isAbsolute(trimmed) || trimmed.includes("\0"))
    return invalid(keyed("settings.indexBrowser.error.notAbsolute"));
  const written = path.resolve(trimmed);
  if (!roots.some((root) => inside(root, written)))
    return invalid(keyed("settings.indexBrowser.error.outside"));
  let real: string;
  try {
    real = await fs.realpath(written);
  } catch {
    return invalid(keyed("settings.indexBrowser.error.missing"));
  }
  const realRoots = await Promise.all(roots.map((r) => fs.realpath(r).catch(() => r)));
  if (!realRoots.some((root) => inside(root, real)))
    return invalid(keyed("settings.indexBrowser.error.leadsOutside"));
  try {
    const stat = await fs.stat(real);
    if (!stat.isDirectory()) return invalid(keyed("settings.indexBrowser.error.file"));
    await fs.access(real, fs.constants.R_OK | fs.constants.X_OK);
    await fs.readdir(real);
  } catch {
    return invalid(keyed("settings.indexBrowser.error.unreadable"));
  }
  return { ok: true, path: real };
}

/** An archive indexes a folder when its configuration names one (Path); else it is a pool archive. */
export const isPathArchive = (archive: { config: { Path: string } }) =>
  archive.config.Path.trim() !== "";
