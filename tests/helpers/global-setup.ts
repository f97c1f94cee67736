import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The HTTP integration tests run the production build in-process. `npm test` builds first; a
 * plain `npx vitest` on a fresh clone builds here instead of failing on a missing file.
 */
export default function setup() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  if (fs.existsSync(path.join(root, "build/index.js"))) return;
  const result = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0)
    throw new Error("remix build failed; the HTTP tests need build/index.js");
}
