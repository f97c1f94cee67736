/*
 * `remix build`, then the esbuild services it leaves running are ended before this process exits.
 *
 *   node scripts/build.mjs [remix build options]      (npm run build, npm start, npm run dev)
 *
 * Why: Remix's compiler makes three esbuild contexts (CSS, browser, server), never disposes of
 * them, and its CLI then calls process.exit. The esbuild service, a Go child process, sees its
 * stdin close while contexts are still open and waits for them to be disposed of; it usually
 * finds out that its host is gone at its next keep-alive ping (the write fails) and ends quietly.
 * But if a ping was sent and not yet answered at the moment the host exited (the build's last
 * steps keep the event loop busy), every goroutine waits on another and the Go runtime dies with
 * "fatal error: all goroutines are asleep - deadlock!" and a stack dump on the terminal it shares
 * with us, between the build's last line and the server's first. The build itself is complete.
 *
 * esbuild 0.17 (Remix's) has no stop(); this does what later versions' stop() does: it kills the
 * service. The services are recognised as they are spawned (`--service=<version>`), which is the
 * one way to reach them: Remix keeps its contexts to itself, and esbuild's exports are read-only.
 */
import childProcess from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompress } from "./precompress.mjs";

/** @type {import("node:child_process").ChildProcess[]} */
const services = [];
const spawn = childProcess.spawn;
childProcess.spawn = function spawnRecorded(...args) {
  const child = spawn.apply(this, args);
  const argv = Array.isArray(args[1]) ? args[1] : [];
  if (argv.some((arg) => String(arg).startsWith("--service="))) services.push(child);
  return child;
};

/** Kills each service still running and waits (a second at most) until it has gone. */
async function endServices() {
  const running = services.filter((child) => child.exitCode === null && child.signalCode === null);
  const gone = running.map((child) => once(child, "exit"));
  for (const child of running) child.kill();
  await Promise.race([Promise.all(gone), new Promise((done) => setTimeout(done, 1000).unref())]);
}

const require = createRequire(import.meta.url);
const { cli } = require("@remix-run/dev");
let code = 0;
try {
  await cli.run(["build", ...process.argv.slice(2)]);
  // Brotli and gzip copies of the bundles, served in their place (decision 100).
  const started = Date.now();
  const written = await precompress(
    path.join(path.dirname(fileURLToPath(import.meta.url)), "../public/build"),
  );
  console.log(`[info] precompressed ${written} bundles (${Date.now() - started} ms)`);
} catch (error) {
  if (error) console.error(error);
  code = 1;
}
await endServices();
// Vanilla Extract's compiler keeps a file watcher open: the process would not end by itself.
process.exit(code);
