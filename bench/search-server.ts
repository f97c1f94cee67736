/*
 * The search benchmark's HTTP side: a kept-alive client, and our server started on a prepared
 * fixture and signed in as the benchmark's member (bench/search.ts, bench/profile-grid.ts).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_USER } from "./search-fixture";
import type { Prepared } from "./search-prepare";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
export function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed while idle (its keep-alive timeout passed during a
      // long baseline run): sent again on a new one, as Node's documentation advises.
      if (request.reusedSocket && error.code === "ECONNRESET")
        get(url, headers).then(resolve, reject);
      else reject(error);
    });
  });
}

/**
 * Our server on the fixture. With `cpuProfileDir` it writes a V8 CPU profile there when stopped;
 * stop() answers once the process has exited, so the profile is complete.
 */
export async function startServer(
  prepared: Prepared,
  port: number,
  options: { cpuProfileDir?: string } = {},
) {
  const profile = options.cpuProfileDir
    ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: prepared.databaseUrl,
      DEMO_CONTENT: "false",
      LOG_REQUESTS: "false",
      SESSION_SECRETS: "bench-session-secret-0123456789abcdefghijklmnop",
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "bench-owner-password",
      LOGIN_RATE_LIMIT: "1000",
      INGEST_CONCURRENCY: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await get(`${base}/fotoweb/`, {})).status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${base}/fotoweb/views/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ mode: "user", ...BENCH_USER, to: "/fotoweb/" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`sign-in answered ${login.status}`);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    base,
    cookie,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
