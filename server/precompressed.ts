import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/*
 * The client bundles' Brotli and gzip copies (scripts/precompress.mjs, decision 100): a request
 * for a bundle that has one is answered with the copy the browser's Accept-Encoding prefers,
 * Brotli first, by the static handler that follows (its caching headers unchanged). A bundle
 * without copies (a small one, a source map, a build written while the server ran) falls through
 * to the response compression as before.
 */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/** Which copies each bundle has, by its path under the directory ("/_shared/chunk-X.js"). */
function copiesIn(dir: string): Map<string, Set<string>> {
  const copies = new Map<string, Set<string>>();
  if (!fs.existsSync(dir)) return copies;
  for (const entry of fs.readdirSync(dir, { recursive: true }).map(String)) {
    const encoding = ENCODINGS.find((e) => entry.endsWith(e.suffix));
    if (!encoding) continue;
    const original = `/${entry.slice(0, -encoding.suffix.length).split(path.sep).join("/")}`;
    if (!TYPES[path.extname(original)]) continue;
    const names = copies.get(original) ?? new Set<string>();
    names.add(encoding.name);
    copies.set(original, names);
  }
  return copies;
}

/**
 * The first of the offered encodings with the highest weight the client gives it, by name or by
 * "*"; none at weight 0. Ours breaks ties, not the client's order: Chromium lists gzip before br.
 */
export function preferred<T extends { name: string }>(header: string, offered: readonly T[]) {
  const weights = new Map<string, number>();
  for (const part of header.split(",").slice(0, 32)) {
    const [token = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    if (!token) continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0);
  }
  let best: T | undefined;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = weights.get(encoding.name) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

export function precompressed(dir: string) {
  const copies = copiesIn(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const available = copies.get(file);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = preferred(
      req.headers["accept-encoding"] ?? "",
      ENCODINGS.filter((e) => available.has(e.name)),
    );
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding.name);
    res.setHeader("Content-Type", TYPES[path.extname(file)]!);
    req.url = `${req.path}${encoding.suffix}`;
    next();
  };
}
