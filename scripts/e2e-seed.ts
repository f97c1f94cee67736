/*
 * Prepares the end-to-end suite's database before Playwright starts the server: wipes the
 * throw-away DATA_DIR, migrates, creates the site owner from ADMIN_USERNAME / ADMIN_PASSWORD (as
 * the server would) and the test users of tests/e2e/users.ts. Run by playwright.config.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareDatabase } from "../app/db/bootstrap.server";
import { createDatabase } from "../app/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "../app/db/schema";
import { createArchive } from "../app/models/archive.server";
import { createUser, updatePreferences } from "../app/models/user.server";
import { env as readEnv } from "../app/utils/env.server";
import { E2E_ARCHIVE, SEED_USERS, PASSWORD } from "../tests/e2e/users";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message: string): never {
  console.error(`e2e-seed: ${message}`);
  process.exit(1);
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/index.js"))) {
    fail("build/index.js is missing: run `npx remix build` first.");
  }
  const env = readEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  // The folder is deleted: only ever one of our own throw-away folders under the temp directory.
  if (
    path.dirname(dataDir) !== path.resolve(os.tmpdir()) ||
    !path.basename(dataDir).startsWith("arkiv-e2e")
  ) {
    fail(`refusing to wipe DATA_DIR=${dataDir}: expected ${os.tmpdir()}/arkiv-e2e*`);
  }
  if (env.DATABASE_URL && !env.DATABASE_URL.startsWith("sqlite:")) {
    fail("the end-to-end suite runs on its own SQLite file; DATABASE_URL must be sqlite:...");
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const database = createDatabase({ url: env.DATABASE_URL, dataDir });
  await prepareDatabase(database, env);
  for (const user of SEED_USERS) {
    const created = await createUser({
      username: user.username,
      password: PASSWORD,
      fullName: user.fullName,
      forcePasswordChange: user.forcePasswordChange ?? false,
    });
    await updatePreferences(created.id, (p) => ({
      ...p,
      intranet: { ...p.intranet, interfaceStyle: user.style },
    }));
  }
  // An archive every signed-in user may upload to, for upload.spec.ts.
  await createArchive({
    name: E2E_ARCHIVE,
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
  await database.destroy();
  console.log(`e2e-seed: ${SEED_USERS.length} users in ${dataDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
