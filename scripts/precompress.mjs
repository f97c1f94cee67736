/*
 * Brotli and gzip copies of the client bundles, written beside them at build time (decision 100):
 * the server hands the browser the smallest its Accept-Encoding takes (server/precompressed.ts)
 * instead of gzipping each response at the default level. Brotli's best quality is too slow to
 * run per request and worth it once: the grid's scripts are 128 KB in Brotli, 148 KB gzipped.
 *
 *   node scripts/precompress.mjs [dir]      (scripts/build.mjs runs it after each build)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Below this a compressed copy saves less than its own headers' worth. */
const SMALLEST = 512;

export async function precompress(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.(js|css)$/.test(f));
  let written = 0;
  // Compressed on libuv's thread pool; a batch at a time keeps memory flat.
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files.slice(i, i + 8).map(async (name) => {
        const file = path.join(dir, name);
        const body = fs.readFileSync(file);
        if (body.length < SMALLEST) return;
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        // A copy no smaller than the file itself would only cost the browser a decompression.
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
        written += 1;
      }),
    );
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "public/build");
  const started = Date.now();
  const written = await precompress(dir);
  console.log(`precompressed ${written} files in ${Date.now() - started} ms`);
}
