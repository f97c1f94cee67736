/*
 * Search and browsing at a million assets (issue 4), on SQLite and on PostgreSQL:
 * - search through HTTP (assetlist JSON) against the same SQL run directly on the driver (as the
 *   server runs it: on SQLite its statement prepared once, as the server caches its own), in the
 *   same run: p95 of a common term (about 10 % of assets) under a member's search filter that
 *   passes about 20 % of the archive (target ≤ 5 ms, issue 31; issue 4 asked for 15) and of a
 *   ranked two-word search (target ≤ 50 ms); the shares the data really has are counted and
 *   printed;
 * - page 1 000 of an archive against page 1, through HTTP (target: ratio ≤ 1.2);
 * - the grid page's server rendering against a bare React render of the same markup: in-process,
 *   with the loaders' data given (bench/search-render.ts), printed for scale; and the whole
 *   request with its session and queries, over HTTP against a server that renders the same markup
 *   bare (bench/search-bare-grid.ts), target ≥ 150 pages/s (issue 31).
 * The data (bench/search-fixture.ts) is made once and kept between runs while the row count and
 * the sources that make it are unchanged (bench/search-prepare.ts).
 *
 *   npm run bench:search -- [--count 1000000] [--samples 200] [--dialect sqlite|postgres|both]
 *
 * PostgreSQL needs BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import type { CompiledQuery } from "kysely";
import {
  BENCH_USER,
  COMMON_SHARE,
  COMMON_TERM,
  MEMBER_FILTER,
  PORTRAIT_SHARE,
  RANKED_QUERY,
} from "./search-fixture";
import { measureShares, prepareSqlite, preparePostgres, type Prepared } from "./search-prepare";
import { agent, get, startServer } from "./search-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
/*
 * React's development build renders several times slower than its production build, and more so
 * for the side with more components: a render comparison is only meaningful in production mode,
 * as the server runs. (Set before this module loads, since imports are evaluated first.)
 */
if (process.env.NODE_ENV !== "production") {
  console.error("Run the benchmark with NODE_ENV=production (npm run bench:search does).");
  process.exit(2);
}
const COUNT = Number(option("count", "1000000"));
const SAMPLES = Number(option("samples", "200"));
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "";
const DIALECTS =
  option("dialect", PG_URL ? "both" : "sqlite") === "both"
    ? ["sqlite", "postgres"]
    : [option("dialect", "sqlite")];

const { listAssets, parseQueries, encodeCursor } =
  await import("../app/models/search/search.server");
const { findUserByUsername } = await import("../app/models/user/user.server");
const { findArchive } = await import("../app/models/archive/archive.server");
const { compareGridRender } = await import("./search-render");

let lastLog = 0;
const log = (s: string) => {
  if (Date.now() - lastLog > 10_000) {
    console.error(s);
    lastLog = Date.now();
  }
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/* Timings are of a warm server, as one in use is: its code compiled, its pool connected. */
const WARM_UP = 200;

async function timed(samples: number, run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), times };
}

async function rate(seconds: number, run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const until = performance.now() + seconds * 1000;
  let done = 0;
  // Two in flight: the machines have two cores, and the server is single-threaded.
  await Promise.all(
    [0, 1].map(async () => {
      while (performance.now() < until) {
        await run();
        done += 1;
      }
    }),
  );
  return done / seconds;
}

async function startBareGrid(html: string, port: number) {
  const file = path.join(os.tmpdir(), "arkiv-bench-grid-page.html");
  fs.writeFileSync(file, html);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "bench/search-bare-grid.ts", file, String(port)],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (c: Buffer) => c.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the bare grid server stopped (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill("SIGTERM") };
}

/**
 * The driver's own run of a compiled query: the baseline, run as the server runs it. On SQLite
 * each statement is prepared once and reused, as the server's connection caches its statements
 * (app/db/connection.server.ts): preparing on every call would slow the baseline and flatter our
 * ratio.
 */
function directRunner(prepared: Prepared) {
  if (prepared.handle.dialect === "sqlite") {
    const file = prepared.databaseUrl.replace(/^sqlite:/, "");
    const raw = new Database(file, { readonly: true });
    const statements = new Map<string, Database.Statement>();
    return {
      run: async (q: CompiledQuery) => {
        let statement = statements.get(q.sql);
        if (!statement) {
          statement = raw.prepare(q.sql);
          statements.set(q.sql, statement);
        }
        return statement.all(...(q.parameters as unknown[]));
      },
      close: async () => raw.close(),
    };
  }
  /*
   * On PostgreSQL the server's pool sends unnamed statements, planned for each call's values, and
   * so does the baseline: a named statement switches to a generic plan after five runs, which for
   * the ranked search here was five times slower, and would flatter our ratio the other way.
   */
  const client = new pg.Client({ connectionString: prepared.databaseUrl });
  const ready = client.connect();
  return {
    run: async (q: CompiledQuery) => {
      await ready;
      return client.query({ text: q.sql, values: q.parameters as unknown[] });
    },
    close: () => client.end(),
  };
}

interface Row {
  dialect: string;
  measure: string;
  ours: string;
  baseline: string;
  ratio: string;
  target: string;
  met: string;
}
const results: Row[] = [];
const notes: string[] = [];
const ms = (v: number) => `${v.toFixed(2)} ms`;

for (const dialect of DIALECTS) {
  if (dialect === "postgres" && !PG_URL) {
    console.error("PostgreSQL leg skipped: set BENCH_DATABASE_URL.");
    continue;
  }
  console.error(`${dialect}: preparing ${COUNT} assets (kept between runs)…`);
  const preparing = performance.now();
  const prepared =
    dialect === "sqlite"
      ? await prepareSqlite(COUNT, log)
      : await preparePostgres(PG_URL, COUNT, log);
  console.error(
    `${dialect}: data ready in ${((performance.now() - preparing) / 1000).toFixed(0)} s`,
  );
  const shares = await measureShares(prepared.handle, prepared.archiveIds);
  notes.push(
    `${dialect}: "${COMMON_TERM}" is in ${(shares.commonTerm * 100).toFixed(1)} % of assets (fixture: ${COMMON_SHARE * 100} %); ` +
      `the member filter "${MEMBER_FILTER}" passes ${(shares.memberFilter * 100).toFixed(1)} % of the main archive (fixture: ${PORTRAIT_SHARE * 100} %)`,
  );
  const viewer = (await findUserByUsername(BENCH_USER.username))!;
  const archive = (await findArchive(prepared.archiveIds[0]!))!;
  const server = await startServer(prepared, 3190 + DIALECTS.indexOf(dialect));
  const direct = directRunner(prepared);
  const assetList = { accept: "application/vnd.fotoware.assetlist+json", cookie: server.cookie };
  try {
    const searches = [
      {
        label: `common term "${COMMON_TERM}" (${(shares.commonTerm * 100).toFixed(1)} %), member filter "${MEMBER_FILTER}" (${(shares.memberFilter * 100).toFixed(1)} %)`,
        q: COMMON_TERM,
        sort: "-added",
        // Issue 31: the whole request within 5 ms at p95 (issue 4 asked for 15).
        target: 5,
      },
      { label: `ranked "${RANKED_QUERY}"`, q: RANKED_QUERY, sort: "relevance", target: 50 },
    ];
    for (const search of searches) {
      let compiled: CompiledQuery | null = null;
      await listAssets(
        {
          viewer,
          archiveId: archive.id,
          search: parseQueries([search.q]),
          sort:
            search.sort === "relevance"
              ? { key: "relevance", descending: true }
              : { key: "added", descending: true },
          page: { from: "first" },
          limit: 25,
        },
        (q) => (compiled = q),
      );
      const url = `${server.base}${archive.href}?q=${encodeURIComponent(search.q)}&s=${search.sort}&n=25`;
      const first = await get(url, assetList);
      if (first.status !== 200)
        throw new Error(`${url} answered ${first.status}: ${first.body.slice(0, 300)}`);
      const ours = await timed(SAMPLES, () => get(url, assetList));
      const base = await timed(SAMPLES, () => direct.run(compiled!));
      results.push({
        dialect,
        measure: `search p95: ${search.label}`,
        ours: ms(ours.p95),
        baseline: `${ms(base.p95)} (SQL alone)`,
        ratio: (ours.p95 / base.p95).toFixed(1),
        target: `≤ ${search.target} ms`,
        met: ours.p95 <= search.target ? "yes" : "NO",
      });
    }

    // Page 1 000: the cursor of the row before it, found once by a deep listing.
    const deep = await listAssets({
      viewer,
      archiveId: archive.id,
      search: [],
      sort: { key: "added", descending: true },
      page: { from: "first" },
      limit: 25 * 999,
    });
    const before = deep.assets[deep.assets.length - 1]!;
    const page1 = `${server.base}${archive.href}?n=25`;
    const page1000 = `${page1}&after=${encodeCursor({ v: before.id, i: before.id })}`;
    const p1 = await timed(SAMPLES, () => get(page1, assetList));
    const p1000 = await timed(SAMPLES, () => get(page1000, assetList));
    results.push({
      dialect,
      measure: "page 1 000 against page 1 (p95, HTTP)",
      ours: ms(p1000.p95),
      baseline: `${ms(p1.p95)} (page 1)`,
      ratio: (p1000.p95 / p1.p95).toFixed(2),
      target: "≤ 1.2",
      met: p1000.p95 / p1.p95 <= 1.2 ? "yes" : "NO",
    });

    // The grid page, against a bare React render of the same markup.
    const page = `${server.base}${archive.href}`;
    const html = { accept: "text/html", cookie: server.cookie };
    const served = await get(page, html);
    if (served.status !== 200) throw new Error(`${page} answered ${served.status}`);
    const render = await compareGridRender(root, page, served.body);
    results.push({
      dialect,
      measure: `grid page render, data given (60 tiles, ${Math.round(render.bytes / 1024)} KB)`,
      ours: `${render.oursPerSecond.toFixed(0)} pages/s (${Math.round(render.renderShare * 100)}% in React's render)`,
      baseline: `${render.barePerSecond.toFixed(0)} pages/s (bare React)`,
      ratio: (render.oursPerSecond / render.barePerSecond).toFixed(2),
      target: "(for scale; the target is Lighthouse's)",
      met: "-",
    });
    const bare = await startBareGrid(render.html, 3195);
    const bareRate = await rate(5, () => get(bare.url, {}));
    const oursRate = await rate(5, () => get(page, html));
    bare.stop();
    results.push({
      dialect,
      measure: "grid page, whole request over HTTP (session, queries, render)",
      ours: `${oursRate.toFixed(0)} pages/s`,
      baseline: `${bareRate.toFixed(0)} pages/s (bare React, same markup)`,
      ratio: (oursRate / bareRate).toFixed(2),
      // Issue 31, "Server time".
      target: "≥ 150 pages/s",
      met: oursRate >= 150 ? "yes" : "NO",
    });
  } finally {
    await server.stop();
    await direct.close();
    await prepared.handle.destroy();
  }
}

console.log(`\nSearch benchmark, ${COUNT} assets, ${SAMPLES} samples per measure\n`);
console.table(results);
for (const note of notes) console.log(note);
console.log(
  `The in-process render row is printed for scale; the whole request's target is issue 31's. Load average (1, 5, 15 min): ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} on ${os.cpus().length} cores.`,
);
agent.destroy();
