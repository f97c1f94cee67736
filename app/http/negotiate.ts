/*
 * Content negotiation for the URLs that are both pages and API resources. A request whose Accept
 * prefers a JSON type over HTML (or that sends a JSON body) is served by the JSON twin of the
 * route, mounted internally under JSON_PREFIX. Browsers send text/html first and get the page.
 */

export const JSON_PREFIX = "/_json";

/** Paths that are always one representation and are never rewritten. */
// Case-insensitive, with or without the trailing slash: Remix matches routes the same way.
const SINGLE_REPRESENTATION = [
  /^\/fotoweb\/api(\/|$)/i,
  /^\/fotoweb\/views(\/|$)/i,
  /^\/fotoweb\/services(\/|$)/i,
  // A rendition href is a redirect to its file whatever the client accepts (decision 016).
  /^\/fotoweb\/archives\/[^/]+\/[^/]+\/__renditions(\/|$)/i,
];

interface MediaRange {
  type: string;
  q: number;
}

export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part) => {
      const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
      const qParam = params.find((p) => p.startsWith("q="));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
    })
    .filter((r) => r.type.includes("/"));
}

const isJsonType = (type: string) => /^application\/(?:[\w.+-]+\+)?json$/.test(type);

/** Whether the client prefers a JSON representation to an HTML one. */
export function prefersJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  const json = Math.max(0, ...ranges.filter((r) => isJsonType(r.type)).map((r) => r.q));
  if (json === 0) return false;
  const html = Math.max(
    0,
    ...ranges
      .filter((r) => r.type === "text/html" || r.type === "application/xhtml+xml")
      .map((r) => r.q),
  );
  return json > html;
}

export function jsonTwinPath(
  method: string,
  path: string,
  headers: { accept?: string; "content-type"?: string },
): string | null {
  if (!path.startsWith("/fotoweb/") && path !== "/fotoweb") return null;
  if (SINGLE_REPRESENTATION.some((re) => re.test(path))) return null;
  const jsonBody =
    method !== "GET" &&
    method !== "HEAD" &&
    isJsonType((headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase());
  return prefersJson(headers.accept) || jsonBody ? JSON_PREFIX + path : null;
}
