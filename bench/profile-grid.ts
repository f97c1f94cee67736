/*
 * Where the server's time goes on the grid page and on search through HTTP (issue 31, "Server
 * time"). It starts our server on the search benchmark's SQLite fixture with V8's CPU profiler,
 * asks for the archive's grid page and its assetlist JSON a number of times each, and prints the
 * functions with the most self time and the source files with the most time. The .cpuprofile
 * file is kept, so Chrome's DevTools or speedscope can open it.
 * This is a profile, not a benchmark: it measures nothing against a baseline (bench/search.ts
 * does).
 *
 *   npm run bench:profile-grid -- [--count 100000] [--requests 500] [--page html|json|both]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prepareSqlite } from "./search-prepare";
import { agent, get, startServer } from "./search-server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const COUNT = Number(option("count", "100000"));
const REQUESTS = Number(option("requests", "500"));
const PAGE = option("page", "both");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const prepared = await prepareSqlite(COUNT, (s) => console.error(s));
const { findArchive } = await import("../app/models/archive/archive.server");
const archive = (await findArchive(prepared.archiveIds[0]!))!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-profile-"));
const server = await startServer(prepared, 3197, { cpuProfileDir: dir });
const html = { accept: "text/html", cookie: server.cookie };
const json = { accept: "application/vnd.fotoware.assetlist+json", cookie: server.cookie };
const page = `${server.base}${archive.href}`;
for (const [url, headers] of [
  [page, html],
  [`${page}?q=portrait&n=25`, json],
] as const) {
  const answer = await get(url, headers);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
}
const started = performance.now();
for (let i = 0; i < REQUESTS; i++) {
  if (PAGE !== "json") await get(page, html);
  if (PAGE !== "html") await get(`${page}?q=portrait&n=25`, json);
}
const seconds = (performance.now() - started) / 1000;
await server.stop();
agent.destroy();
await prepared.handle.destroy();

const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile written in ${dir}`);
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]!));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const short = (url: string) =>
  url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "") || "(native)";
const bySelf = new Map<string, number>();
for (const [id, time] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || "(anonymous)"}  ${short(url)}:${lineNumber + 1}`;
  bySelf.set(key, (bySelf.get(key) ?? 0) + time);
}
// Time per file, counting each sample once for every file on its stack (inclusive).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byFile = new Map<string, number>();
for (const [id, time] of self) {
  const files = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    files.add(short(byId.get(at)!.callFrame.url));
  for (const f of files) byFile.set(f, (byFile.get(f) ?? 0) + time);
}

// Time per function including its callees, each sample counted once per function on its stack.
const byFunction = new Map<string, number>();
for (const [id, time] of self) {
  const names = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url } = byId.get(at)!.callFrame;
    if (functionName) names.add(`${functionName}  ${short(url)}`);
  }
  for (const n of names) byFunction.set(n, (byFunction.get(n) ?? 0) + time);
}

const pct = (t: number) => `${((t / total) * 100).toFixed(1).padStart(5)} %`;
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(
  `${REQUESTS} × ${PAGE === "both" ? "grid page and assetlist JSON" : PAGE} in ${seconds.toFixed(1)} s; ` +
    `profile ${path.join(dir, file)} (${(total / 1e6).toFixed(1)} s sampled); load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);
console.log("\nself time, top 30");
for (const [k, t] of top(bySelf, 30)) console.log(`${pct(t)}  ${k}`);
console.log("\ntime including callees, by function, top 60");
for (const [k, t] of top(byFunction, 60)) console.log(`${pct(t)}  ${k}`);
console.log("\ntime including callees, by file, top 40");
for (const [k, t] of top(byFile, 40)) console.log(`${pct(t)}  ${k}`);
