import fs from "node:fs/promises";
import path from "node:path";
import { fileNameProblem } from "./upload.schema";

/*
 * The walk of a folder tree, shared by the import (import.server.ts) and the path archives'
 * scanner (decision 042). It never leaves the folder: symbolic links (to files or folders, inside
 * or outside) and special files (FIFOs, sockets, devices) are not followed but listed; hidden
 * entries (a leading dot: .DS_Store, .git) are left out. A folder whose name is refused or cannot
 * be read is reported once and not entered. It touches no database, so the scanner does not load
 * the upload module through it.
 */

export type WalkEntry =
  | { kind: "file"; file: string; folder: string; name: string }
  /** A folder entered: its files follow. */
  | { kind: "folder"; file: string }
  | { kind: "failed"; file: string; reason: string }
  | { kind: "notFollowed"; file: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const lossy = new TextDecoder("utf-8");

export function unreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return `It could not be read (${code ?? String(error)}).`;
}

/** The entries under root/relative, depth first, sorted by name. */
export async function* walk(root: string, relative = ""): AsyncGenerator<WalkEntry> {
  let entries;
  try {
    entries = await fs.readdir(path.join(root, relative), {
      withFileTypes: true,
      encoding: "buffer",
    });
  } catch (error) {
    yield { kind: "failed", file: `${relative || "."}/`, reason: unreadable(error) };
    return;
  }
  const named = entries.map((entry) => {
    let name: string | null = null;
    try {
      name = utf8.decode(entry.name);
    } catch {
      // reported below
    }
    return { entry, name, shown: name ?? lossy.decode(entry.name) };
  });
  named.sort((a, b) => a.shown.localeCompare(b.shown));
  for (const { entry, name, shown } of named) {
    if (shown.startsWith(".")) continue;
    const rel = relative ? `${relative}/${shown}` : shown;
    const isFolder = entry.isDirectory();
    const what = isFolder ? "folder" : "file";
    if (!isFolder && !entry.isFile()) {
      // Symbolic links are never followed: an import never leaves the folder it was given.
      yield { kind: "notFollowed", file: rel };
      continue;
    }
    const problem =
      name === null
        ? `The ${what} name is not valid UTF-8 text. Rename the ${what} and import again.`
        : fileNameProblem(name)
            ?.replace(/\bfile\b/g, what)
            .replace(/\bupload\b/g, "import");
    if (problem) {
      const rest = isFolder ? " None of its files were imported." : "";
      yield { kind: "failed", file: isFolder ? `${rel}/` : rel, reason: `${problem}${rest}` };
    } else if (isFolder) {
      yield { kind: "folder", file: rel };
      yield* walk(root, rel);
    } else yield { kind: "file", file: rel, folder: relative, name: name! };
  }
}
