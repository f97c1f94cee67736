import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createTestDatabase, dialectUnderTest, type TestDatabase } from "../helpers/database";

/*
 * The import command (issue 3) run as the real child process, `tsx scripts/import.ts`, against the
 * database of this file (SQLite, or a PostgreSQL schema of its own reached through a DATABASE_URL
 * whose `options` set the search_path) and a data folder of its own: the summary and exit status,
 * ingest with --wait, running again, usage errors, symbolic links, and a progress bar that only a
 * terminal sees.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const USAGE = "Usage: npm run import -- <folder> --archive <id> [--wait]";
const LONG = 120_000;

let database: TestDatabase;
let dataDir: string;
let work: string;
let tree: string;
let childEnv: NodeJS.ProcessEnv;
let archive: Archive;
/** Whether this file system took a file name that is not UTF-8. */
let latinName = false;
/** Whether mkfifo made a named pipe in the tree. */
let fifo = false;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv = childEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["scripts/import.ts", ...args], { cwd: ROOT, env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The URL the child uses: the same SQLite file, or this file's PostgreSQL schema. */
async function databaseUrlFor(schema?: string): Promise<string> {
  // The file's own database, when it is one (copied from the run's template; decision 075).
  if (!schema && dialectUnderTest() === "postgres" && !database.pgSchema) return database.url;
  if (dialectUnderTest() === "postgres") {
    const name =
      schema ??
      (await sql<{ schema: string }>`select current_schema() as schema`.execute(db())).rows[0]!
        .schema;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set("options", `-c search_path=${name}`);
    return url.toString();
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db());
  return `sqlite:${rows.find((r) => r.name === "main")!.file}`;
}

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const blobPath = (hash: string) =>
  path.join(dataDir, "blobs", hash.slice(0, 2), hash.slice(2, 4), hash);

function write(relative: string | Buffer, data: Buffer | string) {
  const file = Buffer.isBuffer(relative)
    ? Buffer.concat([Buffer.from(`${tree}/`), relative])
    : path.join(tree, relative);
  fs.mkdirSync(path.dirname(file.toString()), { recursive: true });
  fs.writeFileSync(file, data);
}

const solid = (color: string, width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: color } });

/** An APP13 "Photoshop 3.0" segment with IPTC IIM records (UTF-8), inserted after SOI. */
function withIptc(jpeg: Buffer, records: [dataset: number, value: string][]) {
  const iptc = Buffer.concat([
    Buffer.from([0x1c, 1, 90, 0, 3, 0x1b, 0x25, 0x47]),
    ...records.map(([dataset, value]) => {
      const data = Buffer.from(value, "utf8");
      return Buffer.concat([Buffer.from([0x1c, 2, dataset, 0, data.length]), data]);
    }),
  ]);
  const resource = Buffer.concat([
    Buffer.from("8BIM"),
    Buffer.from([0x04, 0x04, 0, 0]),
    Buffer.alloc(4),
    iptc,
    Buffer.alloc(iptc.length % 2),
  ]);
  resource.writeUInt32BE(iptc.length, 8);
  const body = Buffer.concat([Buffer.from("Photoshop 3.0\0"), resource]);
  const header = Buffer.from([0xff, 0xed, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

const XMP = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Harbour</rdf:li></rdf:Alt></dc:title>
<dc:subject><rdf:Bag><rdf:li>harbour</rdf:li><rdf:li>dawn</rdf:li></rdf:Bag></dc:subject>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

/** Bytes that must never reach the blob store (symbolic links' targets, refused files). */
const neverStored: Record<string, Buffer> = {};

async function buildTree() {
  write(
    "harbour.jpg",
    await solid("#2a6fb0", 640, 480)
      .withExif({
        IFD0: {
          ImageDescription: "Harbour at dawn",
          Artist: "Kari Nordmann",
          Copyright: "Copyright Kari Nordmann",
        },
      })
      .withXmp(XMP)
      .jpeg()
      .toBuffer(),
  );
  write("notes.txt", "Shot list\n- harbour at dawn\n- fjord\n");
  write("report.pdf", PDF);
  write(
    "2024/fjord.jpg",
    withIptc(await solid("#3c8d5a").jpeg().toBuffer(), [
      [5, "Fjord"],
      [25, "fjord"],
      [25, "summer"],
      [90, "Flåm"],
    ]),
  );
  write("2024/lofoten/boat.png", await solid("#b03a2a", 300, 200).png().toBuffer());
  const noisy = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();
  write("2024/lofoten/broken.jpg", noisy.subarray(0, noisy.length >> 1));

  write("bad/empty.jpg", "");
  neverStored.html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body>");
  write("bad/page.jpg", neverStored.html);
  neverStored.svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  write("bad/logo.svg", neverStored.svg);
  neverStored.controlName = await solid("#111111").jpeg().toBuffer();
  write("bad/ev\u001b[2Jil.jpg", neverStored.controlName);
  // A right-to-left override makes "invoice\u202Efdp.jpg" look like "invoicegpj.pdf".
  neverStored.bidiName = await solid("#121212").jpeg().toBuffer();
  write("bad/invoice\u202Efdp.jpg", neverStored.bidiName);
  // A JPEG signature with no readable header: refused before anything decodes it.
  neverStored.header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]);
  write("bad/header.jpg", neverStored.header);
  neverStored.latinName = await solid("#222222").jpeg().toBuffer();
  try {
    write(
      Buffer.from([...Buffer.from("bad/caf"), 0xe9, ...Buffer.from(".jpg")]),
      neverStored.latinName,
    );
    latinName = true;
  } catch {
    // A file system that insists on UTF-8 names: nothing to test there.
  }
  neverStored.hidden = await solid("#333333").jpeg().toBuffer();
  write(".hidden.jpg", neverStored.hidden);

  // Symbolic links: to a file outside, to a folder outside, to a file inside.
  neverStored.passwd = fs.readFileSync("/etc/passwd");
  fs.symlinkSync("/etc/passwd", path.join(tree, "passwd.txt"));
  const outside = path.join(work, "outside");
  fs.mkdirSync(outside);
  neverStored.outside = await solid("#444444").jpeg().toBuffer();
  fs.writeFileSync(path.join(outside, "secret.jpg"), neverStored.outside);
  fs.symlinkSync(outside, path.join(tree, "elsewhere"));
  fs.symlinkSync(path.join(tree, "harbour.jpg"), path.join(tree, "alias.jpg"));
  // A named pipe: opening it to read would wait forever.
  fifo = spawnSync("mkfifo", [path.join(tree, "pipe")]).status === 0;
}

async function counts() {
  const count = async (
    table: "assets" | "revisions" | "renditions" | "folders" | "jobs" | "users",
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const maxJob = await db()
    .selectFrom("jobs")
    .select((eb) => eb.fn.max<number>("id").as("id"))
    .executeTakeFirst();
  return {
    assets: await count("assets"),
    revisions: await count("revisions"),
    renditions: await count("renditions"),
    folders: await count("folders"),
    jobs: await count("jobs"),
    users: await count("users"),
    maxJob: Number(maxJob?.id ?? 0),
  };
}

async function assetsOf(archiveId: number) {
  return db()
    .selectFrom("assets")
    .leftJoin("folders", "folders.id", "assets.folder_id")
    .selectAll("assets")
    .select("folders.path as folderPath")
    .where("assets.archive_id", "=", archiveId)
    .orderBy("assets.id")
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-import-"));
  dataDir = path.join(work, "data");
  tree = path.join(work, "tree");
  fs.mkdirSync(tree);
  await buildTree();
  archive = await createArchive({ name: "Imports" });
  childEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: await databaseUrlFor() };
});

afterAll(async () => {
  await database?.destroy();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("usage errors", () => {
  test(
    "each gives a clear message and exit status 2, and changes nothing",
    async () => {
      const before = await counts();
      // Other tests of the file may have imported already: no file is added to what is stored.
      const blobs = () =>
        fs.existsSync(path.join(dataDir, "blobs"))
          ? fs.readdirSync(path.join(dataDir, "blobs"), { recursive: true }).sort()
          : [];
      const blobsBefore = blobs();
      const id = String(archive.id);
      const missing = path.join(work, "no-such-folder");
      const cases: [string[], string][] = [
        [[], "Name the folder to import."],
        [[tree], "Name the archive with --archive <id>."],
        [[tree, "--archive"], "Option '--archive <value>' argument missing"],
        [[tree, "--archive", "abc"], '"abc" is not an archive id (a number such as 5000).'],
        [[tree, "--archive", "99999"], "There is no archive 99999."],
        [[missing, "--archive", id], `There is no folder ${missing}.`],
        [[path.join(tree, "harbour.jpg"), "--archive", id], `${tree}/harbour.jpg is not a folder.`],
        [[tree, work, "--archive", id], "Name one folder to import, not 2."],
        [[tree, "--archive", id, "--wiat"], "Unknown option '--wiat'"],
      ];
      const results = await Promise.all(cases.map(([args]) => run(args)));
      results.forEach((result, i) => {
        const [args, message] = cases[i]!;
        expect(result.code, args.join(" ")).toBe(2);
        expect(result.stdout, args.join(" ")).toBe("");
        expect(result.stderr, args.join(" ")).toContain(message);
        expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(USAGE);
      });
      expect(await counts()).toEqual(before);
      expect(blobs()).toEqual(blobsBefore);
    },
    LONG,
  );

  test(
    "a database never set up gets no site owner from an import that cannot run",
    async () => {
      let env: NodeJS.ProcessEnv;
      let owners: () => Promise<number>;
      let cleanUp: () => Promise<void>;
      const fresh = fs.mkdtempSync(path.join(work, "fresh-"));
      if (dialectUnderTest() === "postgres") {
        const schema = `import_${crypto.randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        env = { ...childEnv, DATA_DIR: fresh, DATABASE_URL: await databaseUrlFor(schema) };
        owners = async () =>
          Number(
            (await admin.query(`select count(*) as n from ${schema}.users where is_site_owner = 1`))
              .rows[0].n,
          );
        cleanUp = async () => {
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        };
      } else {
        env = { ...childEnv, DATA_DIR: fresh };
        delete env.DATABASE_URL;
        owners = async () => {
          const file = new Database(path.join(fresh, "arkiv.sqlite"), { readonly: true });
          try {
            return (
              file.prepare("select count(*) as n from users where is_site_owner = 1").get() as {
                n: number;
              }
            ).n;
          } finally {
            file.close();
          }
        };
        cleanUp = async () => {};
      }
      try {
        const result = await run([tree, "--archive", "5000"], env);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain("There is no archive 5000.");
        // The server creates the owner and shows its generated password once; an import that
        // did it instead would lose that password.
        expect(await owners()).toBe(0);
      } finally {
        await cleanUp();
      }
    },
    LONG,
  );
});

describe("an unexpected error", () => {
  test(
    "stops the import with exit status 3 and says why",
    async () => {
      const unreachable = { ...childEnv, DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" };
      const result = await run([tree, "--archive", String(archive.id)], unreachable);
      expect(result.code).toBe(3);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^The import stopped: .*ECONNREFUSED/);
    },
    LONG,
  );
});

describe("importing a folder tree", () => {
  const failedLines = (again: boolean) =>
    [
      `  2024/lofoten/broken.jpg: ${again ? "It was imported before and could not be processed" : "It could not be processed"}: The image is damaged or incomplete (for example cut off during transfer), so no preview can be made.`,
      latinName
        ? "  bad/caf\ufffd.jpg: The file name is not valid UTF-8 text. Rename the file and import again."
        : null,
      "  bad/empty.jpg: The file is empty (zero bytes).",
      "  bad/ev\\u001b[2Jil.jpg: A file name cannot hold control characters (line breaks, tabs) or direction overrides. Rename the file and import it again.",
      "  bad/header.jpg: The file is damaged: its image header cannot be read.",
      "  bad/invoice\\u202efdp.jpg: A file name cannot hold control characters (line breaks, tabs) or direction overrides. Rename the file and import it again.",
      "  bad/logo.svg: This SVG file contains script, event handlers, embedded web content or references to outside entities, which are not accepted.",
      "  bad/page.jpg: HTML files are not accepted, because a web page can run script. Save it as PDF, or put it in a ZIP archive.",
    ].filter((line) => line !== null);
  const notFollowed = () => [
    `Not followed (symbolic links and special files): ${fifo ? 4 : 3}.`,
    "  alias.jpg",
    "  elsewhere",
    "  passwd.txt",
    ...(fifo ? ["  pipe"] : []),
  ];

  test(
    "with --wait: a summary with each failure's reason, exit status 1, ready assets; run again, it imports nothing",
    async () => {
      const before = await counts();
      const result = await run([tree, "--archive", String(archive.id), "--wait"]);
      const failed = failedLines(false);
      expect(result.stdout).toBe(
        [
          `Imported 5, skipped 0 as identical, failed ${failed.length}.`,
          ...failed,
          ...notFollowed(),
          "",
        ].join("\n"),
      );
      // Not a terminal: no progress bar, no escape sequences, nothing on standard error.
      expect(result.stderr).toBe("");
      expect(result.stdout).not.toContain("\r");
      expect(result.stdout).not.toContain("\u001b");
      expect(result.code).toBe(1);

      const assets = await assetsOf(archive.id);
      expect(assets.map((a) => [a.folderPath, a.file_name, a.state])).toEqual([
        ["2024", "fjord.jpg", "ready"],
        ["2024/lofoten", "boat.png", "ready"],
        ["2024/lofoten", "broken.jpg", "failed"],
        [null, "harbour.jpg", "ready"],
        [null, "notes.txt", "ready"],
        [null, "report.pdf", "ready"],
      ]);
      const byName = Object.fromEntries(assets.map((a) => [a.file_name, a]));

      const harbour = byName["harbour.jpg"]!;
      expect([harbour.mime, harbour.doc_type, harbour.width, harbour.height]).toEqual([
        "image/jpeg",
        "image",
        640,
        480,
      ]);
      expect(harbour.title).toBe("Harbour");
      expect(harbour.description).toBe("Harbour at dawn");
      expect(JSON.parse(harbour.tags)).toEqual(["harbour", "dawn"]);
      expect(JSON.parse(harbour.metadata)).toMatchObject({
        5: "Harbour",
        25: ["harbour", "dawn"],
        80: ["Kari Nordmann"],
        116: "Copyright Kari Nordmann",
        120: "Harbour at dawn",
      });
      expect(harbour.placeholder).toBeTruthy();
      expect(harbour.created_by).toBeNull();

      const fjord = byName["fjord.jpg"]!;
      expect(fjord.title).toBe("Fjord");
      expect(JSON.parse(fjord.tags)).toEqual(["fjord", "summer"]);
      expect(JSON.parse(fjord.metadata)).toMatchObject({ 90: "Flåm" });

      expect([byName["boat.png"]!.mime, byName["boat.png"]!.width]).toEqual(["image/png", 300]);
      expect([byName["notes.txt"]!.mime, byName["notes.txt"]!.doc_type]).toEqual([
        "text/plain",
        "document",
      ]);
      expect([byName["report.pdf"]!.mime, byName["report.pdf"]!.doc_type]).toEqual([
        "application/pdf",
        "document",
      ]);
      expect(byName["broken.jpg"]!.failure).toMatch(/damaged or incomplete/);

      // Every ready asset has its renditions, stored as blobs: thumbnails of 200 and 400 px, a
      // preview of at most 1600 px (images are not enlarged).
      for (const asset of assets.filter((a) => a.state === "ready")) {
        const revision = await db()
          .selectFrom("revisions")
          .selectAll()
          .where("asset_id", "=", asset.id)
          .executeTakeFirstOrThrow();
        expect(fs.existsSync(blobPath(revision.blob_hash)), asset.file_name).toBe(true);
        const renditions = await db()
          .selectFrom("renditions")
          .selectAll()
          .where("revision_id", "=", revision.id)
          .orderBy("kind")
          .execute();
        expect(renditions.map((r) => r.kind)).toEqual(["preview", "thumbnail", "thumbnailRetina"]);
        for (const r of renditions) {
          const meta = await sharp(blobPath(r.blob_hash)).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", r.width, r.height]);
          const limit = { preview: 1600, thumbnail: 200, thumbnailRetina: 400 }[r.kind];
          expect(Math.max(r.width, r.height), `${asset.file_name} ${r.kind}`).toBeLessThanOrEqual(
            limit,
          );
        }
        if (asset.file_name === "harbour.jpg") {
          const size = (kind: string) => renditions.find((r) => r.kind === kind)!;
          expect([size("thumbnail").width, size("thumbnail").height]).toEqual([200, 150]);
          expect([size("preview").width, size("preview").height]).toEqual([640, 480]);
        }
      }

      // Subfolders became the archive's folders, nested.
      const folders = await db()
        .selectFrom("folders")
        .selectAll()
        .where("archive_id", "=", archive.id)
        .orderBy("path")
        .execute();
      expect(folders.map((f) => [f.path, f.name])).toEqual([
        ["2024", "2024"],
        ["2024/lofoten", "lofoten"],
      ]);
      expect(folders[0]!.parent_id).toBeNull();
      expect(folders[1]!.parent_id).toBe(folders[0]!.id);

      // One ingest job each; the broken file's failed for good, without retries.
      const jobs = await db()
        .selectFrom("jobs")
        .selectAll()
        .where("id", ">", before.maxJob)
        .orderBy("id")
        .execute();
      expect(jobs.map((j) => j.status).sort()).toEqual([
        "done",
        "done",
        "done",
        "done",
        "done",
        "failed",
      ]);
      expect(jobs.find((j) => j.status === "failed")!.attempts).toBe(1);

      // Symbolic links were not followed, refused and hidden files never stored.
      for (const [what, data] of Object.entries(neverStored)) {
        expect(fs.existsSync(blobPath(sha256(data))), what).toBe(false);
      }

      // Again: all skipped as identical, no new assets, folders or jobs.
      const afterFirst = await counts();
      const again = await run([tree, "--archive", String(archive.id), "--wait"]);
      const failedAgain = failedLines(true);
      expect(again.stdout).toBe(
        [
          `Imported 0, skipped 5 as identical, failed ${failedAgain.length}.`,
          ...failedAgain,
          ...notFollowed(),
          "",
        ].join("\n"),
      );
      expect(again.stderr).toBe("");
      expect(again.code).toBe(1);
      expect(await counts()).toEqual(afterFirst);
    },
    2 * LONG,
  );
});

describe("a clean folder", () => {
  test(
    "exit status 0; without --wait the files wait for the server; --wait later finishes them",
    async () => {
      const clean = await createArchive({ name: "Clean" });
      const folder = path.join(work, "clean");
      fs.mkdirSync(path.join(folder, "Oslo"), { recursive: true });
      fs.writeFileSync(path.join(folder, "Oslo/a.jpg"), await solid("#5a3c8d").jpeg().toBuffer());
      fs.writeFileSync(path.join(folder, "Oslo/b.png"), await solid("#8d5a3c").png().toBuffer());
      const jobsBefore = (await counts()).jobs;

      const first = await run([folder, "--archive", String(clean.id)]);
      expect(first.stdout).toBe(
        [
          "Imported 2, skipped 0 as identical, failed 0.",
          "The server ingests the imported files (or run with --wait).",
          "",
        ].join("\n"),
      );
      expect([first.code, first.stderr]).toEqual([0, ""]);
      let assets = await assetsOf(clean.id);
      expect(assets.map((a) => [a.folderPath, a.file_name, a.state])).toEqual([
        ["Oslo", "a.jpg", "processing"],
        ["Oslo", "b.png", "processing"],
      ]);
      const jobs = await db()
        .selectFrom("jobs")
        .select("status")
        .where("id", ">", (await counts()).maxJob - 2)
        .execute();
      expect(jobs.map((j) => j.status)).toEqual(["pending", "pending"]);
      expect((await counts()).jobs).toBe(jobsBefore + 2);

      // Again with --wait: nothing new, and the files imported before are ingested now.
      const second = await run([folder, "--archive", String(clean.id), "--wait"]);
      expect(second.stdout).toBe("Imported 0, skipped 2 as identical, failed 0.\n");
      expect([second.code, second.stderr]).toEqual([0, ""]);
      assets = await assetsOf(clean.id);
      expect(assets.map((a) => a.state)).toEqual(["ready", "ready"]);
      expect((await counts()).jobs).toBe(jobsBefore + 2);
    },
    LONG,
  );
});

const hasScript = spawnSync("script", ["--version"]).status === 0;

describe("on a terminal", () => {
  test.skipIf(!hasScript)(
    "a progress bar draws on standard error, then the same summary",
    async () => {
      const target = await createArchive({ name: "Terminal" });
      const folder = path.join(work, "terminal");
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, "one.jpg"), await solid("#3c5a8d").jpeg().toBuffer());
      fs.writeFileSync(path.join(folder, "two.txt"), "");
      const command = [TSX, "scripts/import.ts", folder, "--archive", String(target.id), "--wait"];
      // util-linux script(1) runs the command on a pseudo-terminal and passes its exit status on.
      const result = await new Promise<Run>((resolve, reject) => {
        const child = spawn("script", ["-qfec", command.join(" "), "/dev/null"], {
          cwd: ROOT,
          env: childEnv,
        });
        let stdout = "";
        child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr: "" }));
      });
      expect(result.stdout).toMatch(/\r\[-{30}\] 0\/2 one\.jpg/);
      expect(result.stdout).toMatch(/\r\[#{30}\] 2\/2 stored/);
      expect(result.stdout).toMatch(/\r\[#{30}\] 1\/1 ingesting/);
      const lines = result.stdout.split("\r\n");
      expect(lines).toContain("Imported 1, skipped 0 as identical, failed 1.");
      expect(lines).toContain("  two.txt: The file is empty (zero bytes).");
      expect(result.code).toBe(1);
    },
    LONG,
  );
});
