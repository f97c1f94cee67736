import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureFreshBuild } from "./build-freshness";

/*
 * The HTTP integration tests run the production build in-process. `npm test` builds first, so its
 * build is fresh here; a plain `npx vitest` builds when build/ is missing or older than the code
 * it is made from (tests/helpers/build-freshness.ts), so it never tests the code before an edit.
 */
export default async function setup() {
  await ensureFreshBuild(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
}
