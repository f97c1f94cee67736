/*
 * The search benchmark's data: N synthetic assets with realistic metadata (titles, captions,
 * keywords from a Zipf-distributed vocabulary, by-lines, places, dates, sizes, orientations) in
 * three archives, written straight into a migrated database with the driver (the model's
 * one-row inserts would take an hour at a million). Kept between runs: a second run with the
 * same N reuses it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { searchDocument } from "../app/models/search/search-document";

export const ARCHIVES = [
  { name: "Bench main", share: 0.8 },
  { name: "Bench restricted", share: 0.15 },
  { name: "Bench closed", share: 0.05 },
] as const;

/**
 * About 10 % of assets carry it: the "common term". It is in no other word list, so that share is
 * the only way in (the prepare step counts and prints the share the data really has).
 */
export const COMMON_TERM = "harbour";
export const COMMON_SHARE = 0.1;
/**
 * The benchmark user's search filter in the main archive (search-prepare.ts) passes portrait
 * assets only, about this share of them: a member filter that narrows, independent of the terms.
 */
export const MEMBER_FILTER = "o:portrait";
export const PORTRAIT_SHARE = 0.2;
/** Two ordinary words together: the ranked search. */
export const RANKED_QUERY = "winter mountain";

const PLACES = [
  ["Oslo", "Norway"],
  ["Bergen", "Norway"],
  ["Tromsø", "Norway"],
  ["Stockholm", "Sweden"],
  ["Copenhagen", "Denmark"],
  ["Reykjavík", "Iceland"],
  ["Helsinki", "Finland"],
  ["Lisbon", "Portugal"],
  ["Kyoto", "Japan"],
  ["Montréal", "Canada"],
  ["Cape Town", "South Africa"],
  ["Valparaíso", "Chile"],
] as const;
const SUBJECTS = [
  "fjord",
  "mountain",
  "forest",
  "market",
  "bridge",
  "lighthouse",
  "cathedral",
  "street",
  "river",
  "beach",
  "glacier",
  "village",
  "station",
  "festival",
  "portrait",
  "ferry",
  "island",
  "museum",
  "garden",
  "winter",
  "summer",
  "autumn",
  "spring",
  "night",
  "sunrise",
  "sunset",
  "rain",
  "snow",
  "fog",
  "boats",
  "cyclists",
  "children",
  "architecture",
  "aerial",
  "wildlife",
  "reindeer",
  "puffins",
  "northern lights",
  "midnight sun",
];
const ADJECTIVES = [
  "quiet",
  "busy",
  "misty",
  "golden",
  "frozen",
  "bright",
  "old",
  "early",
  "late",
  "wide",
];
const PEOPLE = Array.from(
  { length: 60 },
  (_, i) => `Photographer ${String.fromCharCode(65 + (i % 26))}${i}`,
);

/** A deterministic generator, so every run (and both dialects) see the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index i in 0..n-1, with low indices far more likely (Zipf, s = 1). */
function zipf(rand: () => number, n: number) {
  return Math.min(n - 1, Math.floor(Math.exp(rand() * Math.log(n + 1)) - 1));
}

export interface FixtureRow {
  archive: number;
  values: (string | number | null)[];
}

export const COLUMNS = [
  "archive_id",
  "file_name",
  "state",
  "doc_type",
  "mime",
  "extension",
  "file_size",
  "width",
  "height",
  "color_space",
  "orientation",
  "title",
  "description",
  "tags",
  "metadata",
  "placeholder",
  "modified_date",
  "camera_date",
  "search_doc",
  "position",
  "created_at",
  "updated_at",
  "current_revision",
  "notes",
  "status",
  "rating",
] as const;

export function* fixtureRows(
  count: number,
  archiveIds: number[],
): Generator<(string | number | null)[]> {
  const rand = random(20261123);
  // The vocabulary of rarer keywords: 5 000 made-up words.
  const vocabulary = Array.from({ length: 5000 }, (_, i) => `kw${i.toString(36)}`);
  const start = Date.UTC(2005, 0, 1);
  for (let i = 0; i < count; i++) {
    const r = rand();
    const archive = r < ARCHIVES[0].share ? 0 : r < ARCHIVES[0].share + ARCHIVES[1].share ? 1 : 2;
    const [city, country] = PLACES[zipf(rand, PLACES.length)]!;
    const subject = rand() < COMMON_SHARE ? COMMON_TERM : SUBJECTS[zipf(rand, SUBJECTS.length)]!;
    const second = SUBJECTS[Math.floor(rand() * SUBJECTS.length)]!;
    const adjective = ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]!;
    const title = `${adjective[0]!.toUpperCase()}${adjective.slice(1)} ${subject} in ${city}`;
    const keywords = [
      subject,
      second,
      city,
      country,
      ...Array.from({ length: 3 }, () => vocabulary[zipf(rand, vocabulary.length)]!),
    ];
    const byline = PEOPLE[zipf(rand, PEOPLE.length)]!;
    const description = `${title}, ${country}. ${second[0]!.toUpperCase()}${second.slice(1)} seen from the ${adjective} side, photographed by ${byline}.`;
    const portrait = rand() < PORTRAIT_SHARE;
    const width = portrait ? 4000 : 6000;
    const height = portrait ? 6000 : 4000;
    const movie = rand() < 0.03;
    const camera = new Date(start + Math.floor(rand() * 20 * 365 * 86_400_000)).toISOString();
    const fields = {
      5: title,
      25: keywords,
      80: [byline],
      90: city,
      101: country,
      120: description,
    };
    const fileName = `IMG_${String(i).padStart(7, "0")}.${movie ? "mp4" : "jpg"}`;
    const created = new Date(start + i * 600_000).toISOString();
    yield [
      archiveIds[archive]!,
      fileName,
      "ready",
      movie ? "movie" : "image",
      movie ? "video/mp4" : "image/jpeg",
      movie ? "mp4" : "jpg",
      1_000_000 + Math.floor(rand() * 20_000_000),
      width,
      height,
      rand() < 0.05 ? "cmyk" : "srgb",
      1,
      title,
      description,
      JSON.stringify(keywords),
      JSON.stringify(fields),
      "1QcSHQRnh493V4dIh4eXh1h4kJUI",
      camera,
      camera,
      searchDocument({
        fileName,
        title,
        description,
        tags: keywords,
        notes: "",
        status: "",
        fields,
      }),
      i + 1,
      created,
      created,
      1,
      "",
      "",
      0,
    ];
  }
}

export interface Fixture {
  archiveIds: number[];
  /** The user the benchmark searches as: View in main, View narrowed by a filter in restricted. */
  username: string;
  password: string;
}

export const BENCH_USER = { username: "bencher", password: "bench-password-1" };

export function sqlitePath(count: number) {
  return path.join(os.tmpdir(), `arkiv-bench-search-${count}`);
}

/** Fills a migrated SQLite database; the caller made the archives (ids in order of ARCHIVES). */
export function fillSqlite(
  file: string,
  count: number,
  archiveIds: number[],
  log: (s: string) => void,
) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const insert = db.prepare(
    `insert into assets (${COLUMNS.join(", ")}) values (${COLUMNS.map(() => "?").join(", ")})`,
  );
  let batch: (string | number | null)[][] = [];
  const flush = db.transaction((rows: (string | number | null)[][]) => {
    for (const row of rows) insert.run(row);
  });
  let done = 0;
  for (const row of fixtureRows(count, archiveIds)) {
    batch.push(row);
    if (batch.length === 10_000) {
      flush(batch);
      done += batch.length;
      batch = [];
      log(`sqlite rows ${done}/${count}`);
    }
  }
  flush(batch);
  db.exec("analyze");
  db.close();
}

/** Fills a migrated PostgreSQL schema, with the full-text index built after the rows. */
export async function fillPostgres(
  url: string,
  schema: string,
  count: number,
  archiveIds: number[],
  log: (s: string) => void,
) {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query("drop index if exists assets_search");
  await client.query("set synchronous_commit = off");
  let batch: (string | number | null)[][] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const params: (string | number | null)[] = [];
    const tuples = batch.map((row) => {
      const start = params.length;
      params.push(...row);
      return `(${row.map((_, j) => `$${start + j + 1}`).join(", ")})`;
    });
    await client.query(
      `insert into assets (${COLUMNS.join(", ")}) values ${tuples.join(", ")}`,
      params,
    );
    done += batch.length;
    batch = [];
    log(`postgres rows ${done}/${count}`);
  };
  for (const row of fixtureRows(count, archiveIds)) {
    batch.push(row);
    if (batch.length === 2000) await flush();
  }
  await flush();
  log("postgres: building the full-text index");
  await client.query("create index assets_search on assets using gin (search_vector)");
  await client.query("analyze assets");
  await client.end();
}

export function removeQuietly(target: string) {
  fs.rmSync(target, { recursive: true, force: true });
}
