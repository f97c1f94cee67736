/*
 * FotoWare's folder URLs (decision 114): a folder is a collection at its path under the archive
 * (`/fotoweb/archives/5000-Name/Trips/2024/`), and an asset answers under its folder's path too
 * (`/fotoweb/archives/5000-Name/Trips/2024/12-beach.jpg.info`). Arkiv's own form is the
 * archive's URL with `?folder=Trips/2024`, and the asset's URL without folders; server/ turns
 * the first into the second before anything routes. A trailing slash (or a matrix segment)
 * makes a collection; otherwise the last segment before any `__renditions`/`__revisions` part
 * is the asset. Segments starting with "." or "__" are Arkiv's own (`.smartfolders/`) and never
 * a folder. Nothing is looked up here: the routes refuse what does not exist.
 */

const ARCHIVE_PATH = /^(\/fotoweb\/archives\/[^/;]+\/)(.+)$/i;
const OWN_SEGMENT = /^(\.|__|;)/;
const ASSET_SEGMENT = /^\d+-/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path and query in Arkiv's own form; null when the path names no folder. */
export function folderPathToQuery(path: string, query: string): string | null {
  const match = ARCHIVE_PATH.exec(path);
  if (!match) return null;
  const archive = match[1]!;
  const segments = match[2]!.split("/");
  const last = segments[segments.length - 1]!;
  if (last === "" || last.startsWith(";")) {
    const folders = segments.slice(0, -1);
    if (folders.length === 0 || folders.some((s) => s === "" || OWN_SEGMENT.test(s))) return null;
    const names = folders.map(decoded);
    if (names.some((n) => n === null || n === "." || n === "..")) return null;
    const search = new URLSearchParams(query);
    if (search.has("folder")) return null;
    search.set("folder", names.join("/"));
    return `${archive}${last}?${search.toString()}`;
  }
  const own = segments.findIndex((s) => s.startsWith("__"));
  const assetAt = (own < 0 ? segments.length : own) - 1;
  if (assetAt < 1 || !ASSET_SEGMENT.test(segments[assetAt]!)) return null;
  if (segments.slice(0, assetAt).some((s) => s === "" || OWN_SEGMENT.test(s))) return null;
  const rest = segments.slice(assetAt).join("/");
  return `${archive}${rest}${query ? `?${query}` : ""}`;
}
