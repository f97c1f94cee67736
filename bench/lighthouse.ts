/*
 * What a person's browser measures on the archive grid, an asset page (issue 13), the albums
 * page and the users grid (issue 31): Lighthouse
 * with its mobile defaults (simulated slow 4G and a 4x slower CPU) in Debian's Chromium, against
 * the production build and server on a loopback port, signed in as the site owner, over the demo
 * archive (48 generated photographs, made once and kept in the temp folder). Three runs a page;
 * each figure is the median of its three. Targets: performance ≥ 0.95, LCP ≤ 2.0 s,
 * TBT ≤ 100 ms, CLS ≤ 0.02, and JavaScript on the grid and the asset page ≤ 150 KB as the
 * browser receives it: Brotli copies where it takes them (decision 100), headers included (the
 * others' is printed for scale; tests/js-budget.json holds every page's gzipped size to its
 * ceiling).
 *
 *   npm run bench:lighthouse -- [--runs 3] [--keep-build] [--pages grid,asset,albums,users]
 *
 * Beside each page, in the same run, two baselines (startBaselines): the page's own markup with
 * its scripts taken out, and a blank page. What ours costs over the first is its JavaScript's;
 * what the blank page costs is this machine's and browser's floor.
 *
 * The machine's load is printed beside the figures: the simulation scales with the CPU the
 * page got, so a busy machine makes every figure worse.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const RUNS = Number(option("runs", "3"));
const PAGES = option("pages", "grid,asset,albums,users").split(",");
const DATA_DIR = path.join(os.tmpdir(), "arkiv-bench-lighthouse");
const OWNER = { username: "owner", password: "bench-owner-password" };
const DEMO_PHOTOS = 48;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// The old headless mode never reports a navigation start (NO_NAVSTART); the networking flags
// keep Chromium from flooding the closed network with refused connections.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

async function startServer(port: number) {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR,
      DATABASE_URL: `sqlite:${path.join(DATA_DIR, "arkiv.sqlite")}`,
      DEMO_CONTENT: "true",
      LOG_REQUESTS: "false",
      SESSION_SECRETS: "bench-session-secret-0123456789abcdefghijklmnop",
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      LOGIN_RATE_LIMIT: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (i > 1200) throw new Error(`the server did not answer:\n${output}`);
    try {
      if ((await fetch(`${base}/fotoweb/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${base}/fotoweb/views/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ mode: "user", ...OWNER, to: "/fotoweb/" }),
  });
  if (login.status !== 302) throw new Error(`sign-in answered ${login.status}`);
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  keep(login);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  // Lighthouse sends one fixed Cookie header: the sign-in's welcome toast is shown here once, so
  // the measured pages show none (a toast's code loads only with it).
  keep(await fetch(`${base}/fotoweb/`, { headers: { cookie: cookie() } }));
  return { base, cookie: cookie(), stop: () => child.kill("SIGTERM") };
}

/** The demo archive's href and its newest asset's, once every photograph is ingested. */
async function demoPages(base: string, cookie: string) {
  const json = (type: string) => ({ cookie, accept: `application/vnd.fotoware.${type}+json` });
  const started = Date.now();
  for (;;) {
    const archive = await fetch(`${base}/fotoweb/archives/5000/`, {
      headers: json("collection"),
    });
    if (archive.ok) {
      const { href } = (await archive.json()) as { href: string };
      const list = await fetch(`${base}${href}?n=200`, { headers: json("assetlist") });
      if (list.ok) {
        const { data } = (await list.json()) as { data: { href: string }[] };
        if (data.length >= DEMO_PHOTOS) return { grid: href, asset: data[0]!.href };
      }
    }
    if (Date.now() - started > 15 * 60_000) throw new Error("the demo archive was not ready");
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/*
 * The baselines, served beside ours in the same run: each page's own markup as the server sent it
 * with every script taken out (what the page costs a browser without its JavaScript: styles,
 * layout, images), and a blank page (what this machine and Chromium cost any page at all). Both
 * through a proxy that hands every other request (styles, images) to our server, so they load
 * the same resources.
 */
function withoutScripts(html: string) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*\brel="(?:modulepreload|x-arkiv-modulepreload)"[^>]*>/g, "");
}
const BLANK_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Blank</title></head><body><p>A blank page.</p></body></html>';

async function startBaselines(base: string, cookie: string, paths: string[]) {
  const pages = new Map<string, string>([["/__baseline/blank", BLANK_PAGE]]);
  for (const [i, page] of paths.entries()) {
    const answer = await fetch(`${base}${page}`, { headers: { cookie, accept: "text/html" } });
    if (!answer.ok) throw new Error(`${page} answered ${answer.status}`);
    pages.set(`/__baseline/${i}`, withoutScripts(await answer.text()));
  }
  const target = new URL(base);
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (page !== undefined) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
      return;
    }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: (i: number | "blank") => `http://127.0.0.1:${port}/__baseline/${i}`,
    stop: () => server.close(),
  };
}

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  unusedScriptKb: number;
  /** Lighthouse's simulated main-thread time, all of it and the part spent on scripts. */
  mainThreadMs: number;
  scriptMs: number;
}

function figuresOf(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id]!;
  const summary = audit("resource-summary").details as unknown as {
    items: { resourceType: string; transferSize: number }[];
  };
  const script = summary.items.find((i) => i.resourceType === "script")?.transferSize ?? 0;
  const unused = audit("unused-javascript").details as { overallSavingsBytes?: number } | undefined;
  return {
    performance: lhr.categories.performance!.score ?? 0,
    fcp: audit("first-contentful-paint").numericValue!,
    lcp: audit("largest-contentful-paint").numericValue!,
    tbt: audit("total-blocking-time").numericValue!,
    cls: audit("cumulative-layout-shift").numericValue!,
    scriptKb: script / 1024,
    unusedScriptKb: (unused?.overallSavingsBytes ?? 0) / 1024,
    mainThreadMs: audit("mainthread-work-breakdown").numericValue ?? 0,
    scriptMs: (
      audit("mainthread-work-breakdown").details as unknown as {
        items: { group: string; duration: number }[];
      }
    ).items
      .filter((i) => i.group === "scriptEvaluation" || i.group === "scriptParseCompile")
      .reduce((sum, i) => sum + i.duration, 0),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function medians(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures)[];
  return Object.fromEntries(
    keys.map((k) => [k, median(runs.map((r) => r[k]))]),
  ) as unknown as Figures;
}

async function measure(url: string, cookie: string): Promise<Figures[]> {
  const runs: Figures[] = [];
  // On a busy machine a trace now and then misses its navigation start (NO_NAVSTART): run again.
  let retries = 3;
  for (let i = 0; i < RUNS; i++) {
    // A fresh browser each run: nothing cached from the one before.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        extraHeaders: { Cookie: cookie },
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) {
        if (retries-- > 0) {
          console.error(`Lighthouse: ${result.lhr.runtimeError.code}; running again`);
          i -= 1;
          continue;
        }
        throw new Error(result.lhr.runtimeError.message);
      }
      runs.push(figuresOf(result.lhr));
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        const name = `${new URL(url).pathname.split("/").filter(Boolean).pop()}-${i}.json`;
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), String(result.report));
      }
    } finally {
      chrome.kill();
    }
  }
  return runs;
}

type Row = [label: string, value: string, target: string, met: boolean | null];

function print(
  title: string,
  url: string,
  runs: Figures[],
  scriptTarget: number | null,
  baselines: { label: string; runs: Figures[] }[],
) {
  const m = medians(runs);
  const rows: Row[] = [
    ["performance", m.performance.toFixed(2), "≥ 0.95", m.performance >= 0.95],
    ["FCP", `${(m.fcp / 1000).toFixed(2)} s`, "", null],
    ["LCP", `${(m.lcp / 1000).toFixed(2)} s`, "≤ 2.0 s", m.lcp <= 2000],
    ["TBT", `${Math.round(m.tbt)} ms`, "≤ 100 ms", m.tbt <= 100],
    ["CLS", m.cls.toFixed(3), "≤ 0.02", m.cls <= 0.02],
  ];
  rows.push([
    "JavaScript (as sent)",
    `${m.scriptKb.toFixed(1)} KB`,
    scriptTarget === null ? "" : `≤ ${scriptTarget} KB`,
    scriptTarget === null ? null : m.scriptKb <= scriptTarget,
  ]);
  rows.push([
    "  of it unused",
    `${m.unusedScriptKb.toFixed(1)} KB (${Math.round((100 * m.unusedScriptKb) / m.scriptKb)} %)`,
    "",
    null,
  ]);
  console.log(`\n${title}: ${decodeURI(url)} (median of ${runs.length})`);
  for (const [label, value, target, met] of rows) {
    const verdict = met === null ? "" : met ? "met" : "MISSED";
    console.log(`  ${label.padEnd(22)} ${value.padEnd(18)} ${target.padEnd(10)} ${verdict}`);
  }
  console.log(`  performance by run: ${runs.map((r) => r.performance.toFixed(2)).join(", ")}`);
  const line = (label: string, f: Figures) =>
    console.log(
      `  ${label.padEnd(34)} perf ${f.performance.toFixed(2)}  LCP ${(f.lcp / 1000).toFixed(2)} s  ` +
        `TBT ${String(Math.round(f.tbt)).padStart(4)} ms  main thread ${Math.round(f.mainThreadMs)} ms ` +
        `(scripts ${Math.round(f.scriptMs)} ms)`,
    );
  line("ours", m);
  for (const baseline of baselines) line(baseline.label, medians(baseline.runs));
}

async function main() {
  if (!args.includes("--keep-build")) {
    const build = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const port = await freePort();
  const server = await startServer(port);
  try {
    const pages = await demoPages(server.base, server.cookie);
    const measured = [
      { key: "grid", title: "Archive grid", path: pages.grid, scriptTarget: 150 },
      { key: "asset", title: "Asset page", path: pages.asset, scriptTarget: 150 },
      { key: "albums", title: "Albums page", path: "/fotoweb/albums/", scriptTarget: null },
      {
        key: "users",
        title: "Users grid",
        path: "/fotoweb/views/admin/users/",
        scriptTarget: null,
      },
    ].filter((page) => PAGES.includes(page.key));
    const baselines = await startBaselines(
      server.base,
      server.cookie,
      measured.map((m) => m.path),
    );
    try {
      const before = load();
      const blank = await measure(baselines.url("blank"), server.cookie);
      const results = [];
      for (const [i, page] of measured.entries()) {
        results.push({
          ...page,
          ours: await measure(`${server.base}${page.path}`, server.cookie),
          bare: await measure(baselines.url(i), server.cookie),
        });
      }
      console.log(
        `\nLighthouse ${lighthouseVersion()} (mobile defaults), ${CHROME_PATH}; ` +
          `load average (1, 5, 15 min) before ${before}, after ${load()} on ${os.cpus().length} cores`,
      );
      for (const r of results)
        print(r.title, r.path, r.ours, r.scriptTarget, [
          { label: "baseline: same markup, no scripts", runs: r.bare },
          { label: "baseline: a blank page", runs: blank },
        ]);
    } finally {
      baselines.stop();
    }
  } finally {
    server.stop();
  }
}

function lighthouseVersion() {
  const file = path.join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
