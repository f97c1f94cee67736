import path from "node:path";
import { z } from "zod";
import { singleton } from "./singleton.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const secretList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().min(32, "each session secret needs at least 32 characters")).min(1));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, "use postgres://..., sqlite:PATH or file:PATH")
    .optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._@-]{1,64}$/, "letters, digits and . _ @ - only, at most 64")
    .default("admin"),
  ADMIN_PASSWORD: z.string().min(8, "at least 8 characters").max(256).optional(),
  SESSION_SECRETS: secretList.optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(120),
  /** Offers the pseudo-locale en-XA (decision 101): accented, longer text for layout checks. */
  PSEUDO_LOCALE: booleanFlag.optional(),
  KEEPALIVE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  TRUST_PROXY: booleanFlag.default("false"),
  PUBLIC_ORIGIN: z.string().url().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(20),
  MAX_FORM_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Fields (or multipart parts) one form may carry; more answer 413 before they are parsed, so
   * a small body of many fields costs nobody a second of CPU (issue 29).
   */
  MAX_FORM_FIELDS: z.coerce.number().int().min(10).max(1_000_000).default(4000),
  /** Largest file one upload may carry; a request to an upload route may be this plus 1 MiB. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 50)
    .default(4 * 1024 ** 3),
  /** Chunked upload tasks one user may have open at once; more answer 429. */
  MAX_OPEN_UPLOADS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Bytes one user's open chunked upload tasks may declare together; more answer 413. */
  MAX_OPEN_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 53 - 1)
    .default(20 * 1024 ** 3),
  /** Ingest jobs run at once in this process; 0 runs no worker here (separate worker processes). */
  INGEST_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
  /**
   * How long a worker's claim on a job lasts without renewal: a job whose worker died is taken
   * again this long after its last renewal (renewed every third of it while the job runs).
   */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Licensed seats: enabled accounts (the guest aside) with a license level above None. 0 means
   * no limit; when full, what would take another seat answers 409 out_of_licenses (issue 15).
   */
  LICENSE_SEATS: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /**
   * Where mail goes (issue 15, decision 036): smtp:// or smtps://user:pass@host:port, nodemailer's
   * connection URL (query parameters are its options). Unset: the development outbox under
   * DATA_DIR/outbox keeps every message, and the site owner reads it at /fotoweb/views/admin/outbox.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, "use smtp://host:port or smtps://user:password@host:port")
    .optional(),
  /** The From address of every message Arkiv sends. */
  MAIL_FROM: z.string().trim().min(3).max(320).default("Arkiv <noreply@localhost>"),
  /** How long an OAuth2 access token lives (decision 028). */
  OAUTH_ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** How long an OAuth2 refresh token lives; each use replaces it with a new one. */
  OAUTH_REFRESH_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(365 * 86_400)
    .default(30 * 86_400),
  /** Token requests one client may make per 15 minutes at /fotoweb/oauth2/token; more: 429. */
  TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * The folders path archives may index (issue 16, decision 042), separated by the platform's
   * path delimiter (":" on Linux). Unset: no archive may index a folder; every archive keeps its
   * files in the pool (the blob store under DATA_DIR).
   */
  ARCHIVE_ROOTS: z.string().max(10_000).default(""),
  /** How often path archives are re-scanned, in minutes; 0 only on save and on demand. */
  ARCHIVE_RESCAN_MINUTES: z.coerce.number().int().min(0).max(100_000).default(60),
  /** How many archives a site may hold; saving one more answers too_many_archives. */
  MAX_ARCHIVES: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Days the trash can keeps what a deleted archive held before it is removed for good. */
  TRASH_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Create the demo archive on first start with an empty database. */
  DEMO_CONTENT: booleanFlag.default("true"),
  LOG_REQUESTS: booleanFlag.default("true"),
});

export type Env = z.infer<typeof envSchema>;

/*
 * Kept in the process's registry, not in this module: the server entry and the Remix build are
 * two module graphs, and a test resetting the cache must reset both (decision 077).
 */
const parsedEnv = () => singleton("env", () => ({ value: undefined as Env | undefined }));

/** Validated environment; throws one message listing every bad variable. */
export function env(): Env {
  const cache = parsedEnv();
  if (cache.value) return cache.value;
  // An empty variable (`PORT=` in a unit file) means unset, not zero or an empty name.
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  cache.value = { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
  return cache.value;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  parsedEnv().value = undefined;
}
