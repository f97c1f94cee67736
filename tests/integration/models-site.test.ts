import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { siteSettingsSchema, type SiteSettings } from "~/models/site/site.schema";
import {
  cookiePolicyVersion,
  getSiteSettings,
  storedSessionSecrets,
  updateSiteSettings,
} from "~/models/site/site.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/* Site settings stored as one JSON row, the stored session secrets, and the cookie policy version. */

let testDb: TestDatabase;

// A database of each test's own (decision 075): every test starts from a new site's settings.
beforeEach(async () => {
  testDb = await createTestDatabase();
});

afterEach(async () => {
  await testDb?.destroy();
});

const DEFAULTS: SiteSettings = {
  siteName: "Arkiv",
  darkModeEnabled: true,
  guestAccess: true,
  defaultLanguage: "en",
  timeZone: "UTC",
  // Empty: the built-in texts, in each reader's language (decision 116).
  cookieConsent: { title: "", body: "", policy: "" },
  signups: { enabled: false, adminCanAssignGroups: true, fields: [] },
  apiOrigins: [],
};

async function storedRow(key: string) {
  return db().selectFrom("site_settings").select("value").where("key", "=", key).executeTakeFirst();
}

async function storeRaw(value: string) {
  await db()
    .insertInto("site_settings")
    .values({ key: "site", value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

describe("getSiteSettings and updateSiteSettings", () => {
  test("a new site has the defaults and reading stores nothing", async () => {
    expect(await getSiteSettings()).toEqual(DEFAULTS);
    expect(await storedRow("site")).toBeUndefined();
  });

  test("an update merges into the current settings and persists them", async () => {
    const next = await updateSiteSettings({ siteName: "Bildbank" });
    expect(next).toEqual({ ...DEFAULTS, siteName: "Bildbank" });
    expect(await getSiteSettings()).toEqual(next);
    expect(JSON.parse((await storedRow("site"))!.value)).toEqual(next);
  });

  test("later updates keep earlier ones", async () => {
    await updateSiteSettings({ siteName: "Bildbank" });
    await updateSiteSettings({ guestAccess: false });
    await updateSiteSettings({ darkModeEnabled: false });
    expect(await getSiteSettings()).toEqual({
      ...DEFAULTS,
      siteName: "Bildbank",
      guestAccess: false,
      darkModeEnabled: false,
    });
  });

  test("the cookie notice is replaced as a whole", async () => {
    await updateSiteSettings({ siteName: "Bildbank" });
    const cookieConsent = { title: "Informasjonskapsler", body: "Vi bruker dem.", policy: "" };
    const next = await updateSiteSettings({ cookieConsent });
    expect(next.cookieConsent).toEqual(cookieConsent);
    expect((await getSiteSettings()).cookieConsent).toEqual(cookieConsent);
    expect(next.siteName).toBe("Bildbank");
  });

  test("values are normalised by the schema before they are stored", async () => {
    const next = await updateSiteSettings({ siteName: "  Trimmed name  " });
    expect(next.siteName).toBe("Trimmed name");
    expect(JSON.parse((await storedRow("site"))!.value).siteName).toBe("Trimmed name");
    const rows = await db()
      .selectFrom("site_settings")
      .select("key")
      .where("key", "=", "site")
      .execute();
    expect(rows).toHaveLength(1);
  });

  test("stored settings that are not JSON read as the defaults", async () => {
    await storeRaw("{broken");
    expect(await getSiteSettings()).toEqual(DEFAULTS);
  });

  test("a stored field that no longer fits falls back to its default alone", async () => {
    await storeRaw(JSON.stringify({ siteName: 42, guestAccess: false, darkModeEnabled: "yes" }));
    expect(await getSiteSettings()).toEqual({ ...DEFAULTS, guestAccess: false });
  });

  test("an update over broken stored settings starts from the defaults", async () => {
    await storeRaw("null");
    const next = await updateSiteSettings({ siteName: "Recovered" });
    expect(next).toEqual({ ...DEFAULTS, siteName: "Recovered" });
    expect(await getSiteSettings()).toEqual(next);
  });
});

describe("storedSessionSecrets", () => {
  test("generates a secret of at least 32 characters and stores it", async () => {
    expect(await storedRow("session_secrets")).toBeUndefined();
    const first = await storedSessionSecrets();
    expect(first.length).toBeGreaterThanOrEqual(1);
    for (const secret of first) {
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    expect(JSON.parse((await storedRow("session_secrets"))!.value)).toEqual(first);
  });

  test("returns the same secrets on every later call", async () => {
    const first = await storedSessionSecrets();
    expect(await storedSessionSecrets()).toEqual(first);
    const concurrent = await Promise.all([storedSessionSecrets(), storedSessionSecrets()]);
    expect(concurrent).toEqual([first, first]);
  });

  test("is kept apart from the site settings", async () => {
    const before = await getSiteSettings();
    const first = await storedSessionSecrets();
    expect(await getSiteSettings()).toEqual(before);
    await updateSiteSettings({ siteName: "Secrets untouched" });
    expect(await storedSessionSecrets()).toEqual(first);
  });
});

describe("cookiePolicyVersion", () => {
  const base = siteSettingsSchema.parse({});

  test("is a stable 22-character base64url string", () => {
    const version = cookiePolicyVersion(base);
    expect(version).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookiePolicyVersion(siteSettingsSchema.parse({}))).toBe(version);
  });

  test("changes when the banner title, banner text or policy changes", () => {
    const version = cookiePolicyVersion(base);
    const variants = [
      { ...base.cookieConsent, title: "New title" },
      { ...base.cookieConsent, body: "New body" },
      { ...base.cookieConsent, policy: `${base.cookieConsent.policy}\n\nOne more line.` },
    ];
    const versions = variants.map((cookieConsent) =>
      cookiePolicyVersion({ ...base, cookieConsent }),
    );
    for (const v of versions) expect(v).not.toBe(version);
    expect(new Set(versions).size).toBe(3);
  });

  test("does not change with settings outside the cookie notice", () => {
    const version = cookiePolicyVersion(base);
    expect(
      cookiePolicyVersion({
        ...base,
        siteName: "Other",
        guestAccess: false,
        darkModeEnabled: false,
      }),
    ).toBe(version);
  });

  test("is not fooled by moving text between the fields", () => {
    const a = { ...base, cookieConsent: { title: "ab", body: "c", policy: "" } };
    const b = { ...base, cookieConsent: { title: "a", body: "bc", policy: "" } };
    expect(cookiePolicyVersion(a)).not.toBe(cookiePolicyVersion(b));
  });

  test("follows the stored settings after an update", async () => {
    const before = cookiePolicyVersion(await getSiteSettings());
    const current = await getSiteSettings();
    await updateSiteSettings({
      cookieConsent: { ...current.cookieConsent, body: "Changed text." },
    });
    const after = cookiePolicyVersion(await getSiteSettings());
    expect(after).not.toBe(before);
    await updateSiteSettings({ siteName: "Name only" });
    expect(cookiePolicyVersion(await getSiteSettings())).toBe(after);
  });
});
