/*
 * Forms with many fields (issue 29): an anonymous urlencoded post of N fields to the log-on page
 * and to a public link's page, on our server (server/app.ts over the production build, SQLite in
 * a temporary folder), against the same bodies posted to a bare Node HTTP server in the same
 * process that only parses them with URLSearchParams. Before the fix 20 000 fields cost the
 * log-on page 3.7 s; what matters now is that time per request grows with N like the baseline's
 * (linear), and that a body over MAX_FORM_FIELDS is refused (413) at about the baseline's cost.
 *
 *   npm run build && tsx bench/form-fields.ts [--fields 1000,3999,20000,60000] [--requests 20]
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { prepareDatabase } from "../app/db/bootstrap.server";
import { createDatabase } from "../app/db/connection.server";
import { createAlbum } from "../app/models/album/album.server";
import { createShareLink } from "../app/models/album/share-link.server";
import { findUserById } from "../app/models/user/user.server";
import { envSchema, resetEnvCache } from "../app/utils/env.server";
import { createApp } from "../server/app";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const FIELDS = option("fields", "1000,3999,20000,60000").split(",").map(Number);
const REQUESTS = Number(option("requests", "20"));

async function listen(server: http.Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/* The baseline: read the body, parse it once, answer. */
const bare = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    let n = 0;
    for (const _entry of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) n++;
    res.end(String(n));
  });
});

async function ours(): Promise<{ server: http.Server; linkPage: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-bench-form-"));
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    LOGIN_RATE_LIMIT: "10000",
    SESSION_SECRETS: "bench-session-secret-0123456789abcdefghijklmnop",
    ADMIN_USERNAME: "owner",
    ADMIN_PASSWORD: "owner-password-123",
  });
  resetEnvCache();
  const env = envSchema.parse(process.env);
  const database = createDatabase({ dataDir });
  const { user } = await prepareDatabase(database, env);
  const owner = (await findUserById(user!.id))!;
  const album = await createAlbum(owner, { name: "Bench", description: "" });
  const link = await createShareLink(owner, album.id, {
    label: "",
    expires: null,
    password: "",
    download: "none",
  });
  const root = path.resolve(import.meta.dirname, "..");
  const build = (await import(
    pathToFileURL(path.join(root, "build/index.js")).href
  )) as ServerBuild;
  const server = http.createServer(createApp({ build, env, root }));
  return { server, linkPage: `/fotoweb/shared/${link.token}` };
}

function body(n: number): string {
  const params = new URLSearchParams({ mode: "user" });
  for (let i = 1; i < n; i++) params.append(`field${i}`, "value");
  return params.toString();
}

/** Milliseconds per request, sequential (one core busy, as one client makes it), and a status. */
async function timed(url: string, text: string): Promise<{ ms: number; status: number }> {
  let status = 0;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const response = await fetch(url, {
      method: "POST",
      body: text,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await response.arrayBuffer();
    status = response.status;
  }
  return { ms: (performance.now() - started) / REQUESTS, status };
}

const app = await ours();
const ourUrl = await listen(app.server);
const bareUrl = await listen(bare);
console.log(`${REQUESTS} sequential posts each; load average ${os.loadavg().join(" ")}`);
console.log("fields  bytes   page          ours ms (status)  bare ms  ours/bare");
for (const n of FIELDS) {
  const text = body(n);
  for (const [name, page] of [
    ["log-on", "/fotoweb/views/login"],
    ["public link", app.linkPage],
  ] as const) {
    const mine = await timed(ourUrl + page, text);
    const base = await timed(bareUrl + page, text);
    console.log(
      `${String(n).padEnd(7)} ${String(text.length).padEnd(7)} ${name.padEnd(13)} ` +
        `${mine.ms.toFixed(1).padStart(7)} (${mine.status})   ${base.ms.toFixed(2).padStart(7)}  ` +
        `${(mine.ms / base.ms).toFixed(1)}`,
    );
  }
}
console.log(`load average ${os.loadavg().join(" ")}`);
app.server.close();
bare.close();
process.exit(0);
