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
import { createDatabase, db } from "../app/db/connection.server";
import { jobHandlers } from "../app/jobs/handlers.server";
import { startWorker } from "../app/jobs/worker.server";
import { endMetadataWriter } from "../app/media/metadata-write.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "../app/db/schema";
import type { ArchivePermission } from "../app/models/archive/archive.schema";
import {
  createArchive,
  type Archive,
  type ArchiveMember,
} from "../app/models/archive/archive.server";
import { register } from "../app/models/upload/upload.server";
import { writeRevision } from "../app/models/asset/revision-write.server";
import { scanArchive } from "../app/models/archive/path-scan.server";
import { blobStore } from "../app/storage/blob-store.server";
import { type DemoPhoto, generateDemoPhotos } from "../app/models/demo/demo-photos.server";
import { detectMediaType } from "../app/media/media-type.server";
import { createUser, updatePreferences } from "../app/models/user/user.server";
import { env as readEnv } from "../app/utils/env.server";
import {
  ARCHIVE_MANAGERS_GROUP,
  BROWSE_ARCHIVE,
  BROWSE_PHOTOS,
  E2E_ARCHIVE,
  FILTERED_ARCHIVE,
  orderArchive,
  PRIVATE_ARCHIVE,
  PROJECTS,
  REVIEWERS_GROUP,
  SEED_USERS,
  SMALL_ARCHIVE_PHOTOS,
  PASSWORD,
  projectUser,
  USER_MANAGERS_GROUP,
  PROCESSED_ARCHIVE,
  CHOSEN_ARCHIVE,
  SOCIAL_SQUARE_PROFILE,
  WEB_PRINT_SOCIAL_SET,
  PATH_ARCHIVE,
  PATH_ARCHIVE_FOLDER,
  DOOMED_PHOTOS,
  LIST_ROLES,
  listArchive,
  RESIZE_ARCHIVE,
  accessArchive,
  deskGroup,
  taskEngineArchive,
  taskEngineUser,
  TASK_ENGINE_PHOTOS,
  DIGITS_FIELD_LABEL,
  DIGITS_HELP,
  EDITING_KEYWORDS,
  EDITING_PHOTOS,
  EDITING_VIEW,
  editingArchive,
  FILE_OPS_PHOTOS,
  fileOpsArchive,
  revisionsArchive,
  REVISIONS_A11Y_ARCHIVE,
  REVISION_TITLES,
} from "../tests/e2e/users";
import { FIELD } from "../app/models/metadata/metadata-fields";
import { seedAlbumsList } from "./seeds/albums-list";
import { seedAlbumTiles } from "./seeds/album-tiles";
import { seedAlbumsView } from "./seeds/albums-view";
import { seedAlbumsApi } from "./seeds/albums-api";
import { seedAlbumsSharing } from "./seeds/albums-sharing";
import { seedAlbumsLinks } from "./seeds/albums-links";
import { seedL10nAlbum } from "./seeds/l10n-album";
import { l10nPeopleUser } from "../tests/e2e/l10n-people";
import { seedAlerts } from "./seeds/alerts";
import { seedNavigation } from "./seeds/navigation";
import { seedOrganizeStory } from "./seeds/organize-story";
import { seedTaxonomyFields } from "./seeds/taxonomy-fields";
import { seedTaxonomyAdmin } from "./seeds/taxonomy-admin";
import { seedSelection } from "./seeds/selection";
import {
  SELECTION_PHOTOS,
  SELECTION_RIGHTS,
  selectionArchive,
  selectionUser,
} from "../tests/e2e/selection";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message: string): never {
  console.error(`e2e-seed: ${message}`);
  process.exit(1);
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/index.js"))) {
    fail("build/index.js is missing: run `npm run build` first.");
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
  // npm test seeds beside the SQLite leg (scripts/e2e-preseed.ts) and says so: that seed is used
  // once, by the server Playwright then starts; any other start seeds afresh.
  const marker = path.join(dataDir, ".preseeded");
  if (process.env.E2E_PRESEEDED === "1" && fs.existsSync(marker)) {
    fs.rmSync(marker);
    console.log(`e2e-seed: seeded before this run, in ${dataDir}`);
    return;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const database = createDatabase({ url: env.DATABASE_URL, dataDir });
  await prepareDatabase(database, env);
  const users = new Map<string, number>();
  for (const user of SEED_USERS) {
    const created = await createUser({
      username: user.username,
      password: PASSWORD,
      fullName: user.fullName,
      forcePasswordChange: user.forcePasswordChange ?? false,
    });
    users.set(user.username, created.id);
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
  // A group an approver puts a new account in (signups.spec.ts).
  await db()
    .insertInto("groups")
    .values({ name: REVIEWERS_GROUP, created_at: new Date().toISOString() })
    .execute();
  await seedUserManagers(users);
  await seedArchiveManagers(users);
  await seedBrowsing(users);
  await seedProcessing();
  await seedPathArchive();
  await seedArchiveList();
  await taskEngineSeed();
  const editing = await editorsUiArchives(users);
  await fileOpsArchives(users);
  const selection = await selectionArchives(users);
  const revisionArchives = await revisionsArchives(users);
  await ingestSeed();
  await editorsUiMetadata(editing);
  await revisionsHistory(revisionArchives);
  await seedAlbumsList(users);
  await seedAlbumsView(users);
  await seedAlbumTiles(users);
  await seedAlbumsApi(users);
  await seedAlbumsSharing(users);
  await seedAlbumsLinks(users);
  await seedL10nAlbum(users);
  await seedAlerts(users);
  await seedNavigation(users);
  await seedOrganizeStory(users);
  await seedTaxonomyFields(users);
  await seedTaxonomyAdmin(users);
  await seedSelection(users, selection);
  await database.destroy();
  if (process.env.E2E_MARK_PRESEEDED === "1") fs.writeFileSync(marker, "");
  console.log(`e2e-seed: ${SEED_USERS.length} users in ${dataDir}`);
}

/*
 * A group holding manageUsers: each project's users-<project> and l10n-people-<project>, and the
 * a11y managers.
 */
async function seedUserManagers(users: Map<string, number>) {
  const { id } = await db()
    .insertInto("groups")
    .values({
      name: USER_MANAGERS_GROUP,
      created_at: new Date().toISOString(),
      permissions: JSON.stringify({ manageUsers: true }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const names = [
    ...PROJECTS.map((p) => projectUser("users", p)),
    ...PROJECTS.map(l10nPeopleUser),
    "manager-light",
  ];
  for (const name of names) {
    const user = users.get(name);
    if (user === undefined) fail(`the seed user ${name} is missing`);
    await db().insertInto("group_members").values({ group_id: id, user_id: user }).execute();
  }
}

/*
 * archive-dialog.spec.ts: managers of archives (each project's archivist and the a11y managers)
 * and each project's desk group with its one member.
 */
async function seedArchiveManagers(users: Map<string, number>) {
  const group = async (name: string, permissions: object, members: string[]) => {
    const { id } = await db()
      .insertInto("groups")
      .values({
        name,
        created_at: new Date().toISOString(),
        permissions: JSON.stringify(permissions),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const member of members) {
      const user = users.get(member);
      if (user === undefined) fail(`the seed user ${member} is missing`);
      await db().insertInto("group_members").values({ group_id: id, user_id: user }).execute();
    }
  };
  await group(ARCHIVE_MANAGERS_GROUP, { manageArchives: true }, [
    ...PROJECTS.map((p) => projectUser("archivist", p)),
    "manager-light",
    "archivist-light",
  ]);
  for (const project of PROJECTS)
    await group(deskGroup(project), {}, [projectUser("desk", project)]);
}

/* Photographs for the browsing specs; the server's worker ingests them when it starts. */
async function seedBrowsing(users: Map<string, number>) {
  const group = (id: number, permissions: ArchivePermission[], autoSearch = ""): ArchiveMember => ({
    type: "group",
    id,
    permissions,
    autoSearch,
  });
  const browse = await createArchive({
    name: BROWSE_ARCHIVE,
    members: [
      group(REGISTERED_USERS_GROUP_ID, ["View", "Preview", "Download"]),
      group(EVERYONE_GROUP_ID, ["View", "Preview"]),
    ],
  });
  const filtered = await createArchive({
    name: FILTERED_ARCHIVE,
    members: [group(REGISTERED_USERS_GROUP_ID, ["View", "Preview"], "o:portrait")],
  });
  const alice = users.get("alice");
  if (alice === undefined) fail("the seed user alice is missing");
  const secret = await createArchive({
    name: PRIVATE_ARCHIVE,
    members: [{ type: "user", id: alice, permissions: ["View", "Preview"], autoSearch: "" }],
  });
  const ordered = await Promise.all(
    PROJECTS.map((project) =>
      createArchive({
        name: orderArchive(project),
        members: [group(REGISTERED_USERS_GROUP_ID, ["View", "Preview"])],
      }),
    ),
  );
  // No members: archive-dialog.spec.ts gives access through the dialog.
  const access = await Promise.all(
    PROJECTS.map((project) => createArchive({ name: accessArchive(project), members: [] })),
  );
  for (const archive of access) await fill(archive, SMALL_ARCHIVE_PHOTOS);
  await fill(browse, BROWSE_PHOTOS);
  for (const archive of [filtered, secret, ...ordered]) await fill(archive, SMALL_ARCHIVE_PHOTOS);
}

/* A path archive over a folder below ARCHIVE_ROOTS (decision 042), scanned once; no members. */
async function seedPathArchive() {
  const library = path.join(readEnv().ARCHIVE_ROOTS, PATH_ARCHIVE_FOLDER);
  fs.mkdirSync(path.join(library, "2024", "Lofoten"), { recursive: true });
  fs.mkdirSync(path.join(library, "2025"), { recursive: true });
  let n = 0;
  for (const photo of await seedPhotos(2))
    fs.writeFileSync(
      path.join(library, n++ === 0 ? "2024/Lofoten" : "2025", photo.fileName),
      photo.data,
    );
  const archive = await createArchive({
    name: PATH_ARCHIVE,
    config: { Path: library },
    members: [],
  });
  await scanArchive(archive.id);
}

/*
 * Photo i is the same bytes in every archive (generateDemoPhotos is deterministic), and rendering
 * one costs about a second of a core: each is rendered once for the whole seed, where every
 * archive's fill rendered its own copies again.
 */
const rendered: DemoPhoto[] = [];
async function seedPhotos(count: number): Promise<DemoPhoto[]> {
  if (rendered.length < count) {
    rendered.length = 0;
    for await (const photo of generateDemoPhotos({ count, largeEvery: 0 })) rendered.push(photo);
  }
  return rendered.slice(0, count);
}

async function fill(archive: Archive, count: number) {
  for (const photo of await seedPhotos(count)) {
    const blob = await blobStore().put(photo.data);
    const type = await detectMediaType(photo.data.subarray(0, 65536), photo.fileName);
    await register(null, { archive }, photo.fileName, blob, type);
  }
}

/*
 * revisions.spec.ts's archives (decision 049): one photograph each, for the project's own user
 * with every history permission, and one for the accessibility checks that nobody changes.
 */
async function revisionsArchives(users: Map<string, number>): Promise<Archive[]> {
  const made: Archive[] = [];
  const owners = [
    ...PROJECTS.map((p) => [revisionsArchive(p), projectUser("revisions", p)] as const),
    [REVISIONS_A11Y_ARCHIVE, "revisions-a11y"] as const,
  ];
  for (const [name, username] of owners) {
    const id = users.get(username);
    if (id === undefined) fail(`the seed user ${username} is missing`);
    const archive = await createArchive({
      name,
      members: [
        {
          type: "user",
          id,
          permissions: [
            "View",
            "Preview",
            "Download",
            "HistoryView",
            "HistoryRollback",
            "HistoryManage",
            // Copy a revision into a new asset (revisions.spec.ts).
            "DuplicateFile",
          ],
          autoSearch: "",
        },
      ],
    });
    await fill(archive, 1);
    made.push(archive);
  }
  return made;
}

/* Two title edits on each revisions archive's photograph, once it is ingested: revisions 2, 3. */
async function revisionsHistory(archives: Archive[]) {
  for (const archive of archives) {
    const asset = await db()
      .selectFrom("assets")
      .select("id")
      .where("archive_id", "=", archive.id)
      .executeTakeFirstOrThrow();
    for (const title of REVISION_TITLES)
      await db()
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .selectFrom("assets")
            .select("metadata")
            .where("id", "=", asset.id)
            .executeTakeFirstOrThrow();
          const fields = JSON.parse(row.metadata) as Record<number, string | string[]>;
          await writeRevision(trx, asset.id, {
            kind: "edit",
            userId: null,
            comment: `Title: ${title}`,
            fields: { ...fields, [FIELD.title]: title },
          });
        });
  }
}

/* The archive list spec's archives (decision 043): a pair to reorder, one to hide, one to delete. */
async function seedArchiveList() {
  for (const project of PROJECTS)
    for (const role of LIST_ROLES) {
      const archive = await createArchive({ name: listArchive(project, role) });
      if (role === "doomed") await fill(archive, DOOMED_PHOTOS);
    }
  // Upload limits (upload-resize.spec.ts): only the site owner uploads here, so the popover of
  // everyone else keeps its single target.
  await createArchive({
    name: RESIZE_ARCHIVE,
    config: {
      UploadEnableClientSideResize: true,
      UploadDefaultJpegQuality: 80,
      UploadRestrictImageSize: 512_000,
      UploadRestrictFileSize: 512_000,
    },
    members: [],
  });
}

/*
 * The photographs are ingested here, before the server starts, so no spec competes with a
 * background ingest for the machine's two cores and every spec sees the same ready assets.
 */
async function ingestSeed() {
  const worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      const open = await db()
        .selectFrom("jobs")
        .select("id")
        .where("status", "in", ["pending", "inProgress"])
        .execute();
      if (open.length === 0) break;
      if (Date.now() > deadline) fail(`${open.length} seed photographs were not ingested in time`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await worker.stop();
    await endMetadataWriter();
  }
}

/*
 * metadata-edit.spec.ts (decision 046): a view with a digits-only custom field, and per project an
 * archive that only its metaedit user may edit, with three photographs.
 */
async function editorsUiArchives(users: Map<string, number>): Promise<Archive[]> {
  const at = new Date().toISOString();
  const { id: digits } = await db()
    .insertInto("metadata_fields")
    .values({
      label: DIGITS_FIELD_LABEL,
      data_type: "text",
      max_size: 100,
      validation: JSON.stringify({ Regexp: "[0-9]+", HelpText: DIGITS_HELP }),
      namespace: "custom",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const entry = (field: number) => ({
    Field: field,
    IsWritable: true,
    Required: false,
    TaxonomyOnly: false,
  });
  await db()
    .insertInto("metadata_views")
    .values({
      id: EDITING_VIEW,
      name: "E2E editing",
      name_key: "e2e editing",
      builtin_fields: JSON.stringify({
        Title: entry(5),
        Description: entry(120),
        Tags: entry(25),
        Status: entry(250),
        Rating: entry(251),
        Notes: entry(230),
      }),
      detail_regions: JSON.stringify([
        { Name: "Editing", Fields: [5, 120, 25, digits].map(entry) },
      ]),
      created_at: at,
      updated_at: at,
    })
    .execute();
  const archives: Archive[] = [];
  for (const project of PROJECTS) {
    const user = users.get(projectUser("metaedit", project));
    if (user === undefined) fail(`the seed user metaedit-${project} is missing`);
    const archive = await createArchive({
      name: editingArchive(project),
      config: { MetadataSetId: EDITING_VIEW },
      members: [
        { type: "user", id: user, permissions: ["View", "Preview", "EditText"], autoSearch: "" },
      ],
    });
    await fill(archive, EDITING_PHOTOS);
    archives.push(archive);
  }
  return archives;
}

/* After ingest (which reads the files' own metadata): the captions and the mixed keywords. */
async function editorsUiMetadata(archives: Archive[]) {
  for (const archive of archives) {
    const assets = await db()
      .selectFrom("assets")
      .select(["id", "metadata"])
      .where("archive_id", "=", archive.id)
      .orderBy("id")
      .execute();
    for (const [i, asset] of assets.entries()) {
      const fields = {
        ...(JSON.parse(asset.metadata) as Record<string, string | string[]>),
        "120": `Seed caption ${i + 1}`,
        "25": EDITING_KEYWORDS[i] ?? [],
      };
      await db()
        .transaction()
        .execute((trx) => writeRevision(trx, asset.id, { kind: "edit", userId: null, fields }));
    }
  }
}

/* file-operations.spec.ts (decision 048): per project an archive its fileops user may change. */
async function fileOpsArchives(users: Map<string, number>) {
  for (const project of PROJECTS) {
    const user = users.get(projectUser("fileops", project));
    if (user === undefined) fail(`the seed user fileops-${project} is missing`);
    const archive = await createArchive({
      name: fileOpsArchive(project),
      members: [
        {
          type: "user",
          id: user,
          permissions: ["View", "Preview", "Rename", "DuplicateFile", "Delete", "CropRotate"],
          autoSearch: "",
        },
      ],
    });
    await fill(archive, FILE_OPS_PHOTOS);
  }
}

/* selection.spec.ts (decision 087): per project an archive its member may only edit text in. */
async function selectionArchives(users: Map<string, number>): Promise<Map<string, number>> {
  const made = new Map<string, number>();
  for (const project of PROJECTS) {
    const user = users.get(selectionUser(project));
    if (user === undefined) fail(`the seed user ${selectionUser(project)} is missing`);
    const archive = await createArchive({
      name: selectionArchive(project),
      members: [{ type: "user", id: user, permissions: [...SELECTION_RIGHTS], autoSearch: "" }],
    });
    await fill(archive, SELECTION_PHOTOS);
    made.set(project, archive.id);
  }
  return made;
}

/* One photograph in each of two archives whose downloads go through processing profiles. */
async function seedProcessing() {
  const members: ArchiveMember[] = [
    {
      type: "group",
      id: REGISTERED_USERS_GROUP_ID,
      permissions: ["View", "Preview", "Download"],
      autoSearch: "",
    },
  ];
  const processed = await createArchive({
    name: PROCESSED_ARCHIVE,
    members,
    config: {
      DownloadProcessing: { ProcessingType: 1, SpecificProcessingProfile: SOCIAL_SQUARE_PROFILE },
    },
  });
  const chosen = await createArchive({
    name: CHOSEN_ARCHIVE,
    members,
    config: {
      DownloadProcessing: { ProcessingType: 2, CustomProcessingProfileSet: WEB_PRINT_SOCIAL_SET },
    },
  });
  for (const archive of [processed, chosen])
    for (const photo of await seedPhotos(1)) {
      const blob = await blobStore().put(photo.data);
      const type = await detectMediaType(photo.data.subarray(0, 65536), photo.fileName);
      await register(null, { archive }, photo.fileName, blob, type);
    }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/* tasks.spec.ts (decision 047): each project's user, with Delete in an archive of their own. */
async function taskEngineSeed() {
  for (const project of PROJECTS) {
    const user = await createUser({ username: taskEngineUser(project), password: PASSWORD });
    const archive = await createArchive({
      name: taskEngineArchive(project),
      members: [
        {
          type: "user",
          id: user.id,
          permissions: ["View", "Preview", "Delete"],
          autoSearch: "",
        },
      ],
    });
    await fill(archive, TASK_ENGINE_PHOTOS);
  }
}
