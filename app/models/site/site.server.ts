import crypto from "node:crypto";
import { db } from "~/db/connection.server";
import { perRequest } from "~/utils/request-scope.server";
import { singleton } from "~/utils/singleton.server";
import { siteSettingsSchema, type SiteSettings } from "./site.schema";
// Loaded for its engine: stored patterns are checked when settings are read and saved.
import "~/models/validation/pattern.server";

const SETTINGS_KEY = "site";
const SECRETS_KEY = "session_secrets";
const ORIGIN_KEY = "site_origin";

export function getSiteSettings(): Promise<SiteSettings> {
  return perRequest("siteSettings", readSiteSettings);
}

async function readSiteSettings(): Promise<SiteSettings> {
  const row = await db()
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", SETTINGS_KEY)
    .executeTakeFirst();
  let stored: unknown = {};
  try {
    stored = row ? JSON.parse(row.value) : {};
  } catch {
    stored = {};
  }
  // A stored value that no longer fits the schema falls back to defaults field by field.
  const parsed = siteSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : siteSettingsSchema.parse({});
}

export async function updateSiteSettings(changes: Partial<SiteSettings>): Promise<SiteSettings> {
  const next = siteSettingsSchema.parse({ ...(await getSiteSettings()), ...changes });
  const value = JSON.stringify(next);
  await db()
    .insertInto("site_settings")
    .values({ key: SETTINGS_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  return next;
}

/**
 * Session-signing secrets when SESSION_SECRETS is not set: generated once and kept in the
 * database, so every web process of a scaled-out site signs with the same ones.
 */
export async function storedSessionSecrets(): Promise<string[]> {
  const candidate = JSON.stringify([crypto.randomBytes(48).toString("base64url")]);
  await db()
    .insertInto("site_settings")
    .values({ key: SECRETS_KEY, value: candidate })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db()
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", SECRETS_KEY)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value) as string[];
}

/** A version of the cookie policy: the banner shows again whenever the text changes. */
export function cookiePolicyVersion(settings: SiteSettings): string {
  const { title, body, policy } = settings.cookieConsent;
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([title, body, policy]))
    .digest("base64url")
    .slice(0, 22);
}

/*
 * The origin the site was first reached on, when PUBLIC_ORIGIN is not set (decision 067):
 * recorded once, by whichever process is reached first, and never changed, so every process
 * agrees. Once read it is kept in memory: a value that never changes.
 */
const knownOrigin = () =>
  singleton("siteOrigin", () => ({ value: undefined as string | undefined }));

export async function recordedSiteOrigin(candidate: string): Promise<string> {
  const known = knownOrigin();
  if (known.value) return known.value;
  await db()
    .insertInto("site_settings")
    .values({ key: ORIGIN_KEY, value: candidate })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db()
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", ORIGIN_KEY)
    .executeTakeFirstOrThrow();
  known.value = row.value;
  return row.value;
}
