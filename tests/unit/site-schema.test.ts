import { describe, expect, it } from "vitest";
import {
  settingsFromForm,
  siteSettingsFormSchema,
  siteSettingsSchema,
} from "~/models/site/site.schema";
// The server's engine for people's patterns, as the server loads it (decision 069).
import { inEnglish } from "../helpers/keyed";
import "~/models/validation/pattern.server";

const defaults = {
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

describe("siteSettingsSchema", () => {
  it("fills every field with its default", () => {
    expect(siteSettingsSchema.parse({})).toEqual(defaults);
  });

  it("keeps valid stored values", () => {
    const stored = {
      siteName: "Photo archive",
      darkModeEnabled: false,
      guestAccess: false,
      defaultLanguage: "nb" as const,
      timeZone: "Europe/Oslo",
      cookieConsent: { title: "T", body: "B", policy: "" },
      signups: {
        enabled: true,
        adminCanAssignGroups: false,
        fields: [
          {
            id: "dept",
            label: "Department",
            type: "text" as const,
            values: [],
            validation: { regex: "^[A-Z]+$", helpText: "Capitals" },
            required: true,
          },
        ],
      },
      apiOrigins: ["https://cms.example"],
    };
    expect(siteSettingsSchema.parse(stored)).toEqual(stored);
  });

  it("trims the site name", () => {
    expect(siteSettingsSchema.parse({ siteName: "  Photos  " }).siteName).toBe("Photos");
  });

  it("falls back field by field for invalid stored values", () => {
    expect(
      siteSettingsSchema.parse({
        siteName: "   ",
        darkModeEnabled: "no",
        guestAccess: false,
        cookieConsent: "garbage",
        defaultLanguage: "fr",
        timeZone: "Nowhere/Town",
        signups: { enabled: "yes", fields: [{ id: "Bad Id!" }] },
      }),
    ).toEqual({ ...defaults, guestAccess: false });
    expect(siteSettingsSchema.parse({ siteName: 42 }).siteName).toBe("Arkiv");
    expect(siteSettingsSchema.parse({ siteName: "x".repeat(101) }).siteName).toBe("Arkiv");
  });

  it("fills missing cookie consent fields with defaults", () => {
    expect(siteSettingsSchema.parse({ cookieConsent: { title: "Custom" } }).cookieConsent).toEqual({
      ...defaults.cookieConsent,
      title: "Custom",
    });
  });

  it("replaces an invalid cookie consent as a whole", () => {
    expect(
      siteSettingsSchema.parse({ cookieConsent: { title: 7, body: "kept?" } }).cookieConsent,
    ).toEqual(defaults.cookieConsent);
  });

  it("reads the English texts Arkiv once stored as its defaults as the built-in ones", () => {
    const shipped = {
      title: "Cookies on this site",
      body:
        "We use cookies that are **strictly necessary** to keep you signed in and to remember " +
        "your choices. Read the [cookie policy](/fotoweb/views/cookie-policy) for details.",
      policy: "# Cookie policy\n\nThis site sets only the cookies it needs to work:",
    };
    expect(siteSettingsSchema.parse({ cookieConsent: shipped }).cookieConsent).toEqual({
      title: "",
      body: "",
      policy: shipped.policy,
    });
    const own = { title: "Cookies here", body: "Only what we need.", policy: "# Ours" };
    expect(siteSettingsSchema.parse({ cookieConsent: own }).cookieConsent).toEqual(own);
  });
});

describe("siteSettingsFormSchema", () => {
  const form = {
    siteName: "Photos",
    darkModeEnabled: "on",
    guestAccess: "on",
    cookieTitle: "Cookies",
    cookieBody: "We use cookies.",
    cookiePolicy: "# Policy",
  };

  it("reads checkboxes: on/true are checked, missing or empty are not", () => {
    expect(siteSettingsFormSchema.parse(form)).toMatchObject({
      darkModeEnabled: true,
      guestAccess: true,
    });
    expect(
      siteSettingsFormSchema.parse({ ...form, darkModeEnabled: "true", guestAccess: "" }),
    ).toMatchObject({ darkModeEnabled: true, guestAccess: false });
    const { darkModeEnabled: _d, guestAccess: _g, ...unchecked } = form;
    expect(siteSettingsFormSchema.parse(unchecked)).toMatchObject({
      darkModeEnabled: false,
      guestAccess: false,
    });
  });

  it("refuses other checkbox values", () => {
    expect(siteSettingsFormSchema.safeParse({ ...form, guestAccess: "yes" }).success).toBe(false);
  });

  it("requires a site name after trimming; empty cookie texts are the built-in ones", () => {
    const result = siteSettingsFormSchema.safeParse({
      ...form,
      siteName: "  ",
      cookieTitle: "",
      cookieBody: "\n",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join("."), inEnglish(i.message)]),
    );
    expect(messages).toEqual({ siteName: "Enter a site name" });
    const built = siteSettingsFormSchema.parse({ ...form, cookieTitle: "", cookieBody: "\n" });
    expect([built.cookieTitle, built.cookieBody]).toEqual(["", ""]);
  });

  it("allows an empty policy", () => {
    expect(siteSettingsFormSchema.parse({ ...form, cookiePolicy: "  " }).cookiePolicy).toBe("");
  });

  it("limits lengths", () => {
    expect(siteSettingsFormSchema.safeParse({ ...form, siteName: "x".repeat(100) }).success).toBe(
      true,
    );
    expect(siteSettingsFormSchema.safeParse({ ...form, siteName: "x".repeat(101) }).success).toBe(
      false,
    );
    expect(
      siteSettingsFormSchema.safeParse({ ...form, cookieTitle: "x".repeat(201) }).success,
    ).toBe(false);
  });
});

describe("settingsFromForm", () => {
  it("maps the flat form onto the nested settings", () => {
    const parsed = siteSettingsFormSchema.parse({
      siteName: " Photos ",
      darkModeEnabled: "on",
      cookieTitle: "T",
      cookieBody: "B",
      cookiePolicy: "P",
    });
    const settings = settingsFromForm(parsed);
    expect(settings).toEqual({
      siteName: "Photos",
      darkModeEnabled: true,
      guestAccess: false,
      cookieConsent: { title: "T", body: "B", policy: "P" },
    });
    expect(siteSettingsSchema.parse(settings)).toEqual({
      ...settings,
      defaultLanguage: "en",
      timeZone: "UTC",
      signups: defaults.signups,
      apiOrigins: [],
    });
  });

  it("keeps the language and time zone chosen, and leaves them out when not posted", () => {
    const form = { siteName: "Photos", cookieTitle: "T", cookieBody: "B", cookiePolicy: "" };
    expect(
      settingsFromForm(
        siteSettingsFormSchema.parse({ ...form, defaultLanguage: "de", timeZone: "Europe/Berlin" }),
      ),
    ).toMatchObject({ defaultLanguage: "de", timeZone: "Europe/Berlin" });
    expect(settingsFromForm(siteSettingsFormSchema.parse(form))).not.toHaveProperty("timeZone");
    const refused = siteSettingsFormSchema.safeParse({
      ...form,
      defaultLanguage: "fr",
      timeZone: "Nowhere/Town",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.flatten((issue) => inEnglish(issue.message)).fieldErrors).toEqual({
      defaultLanguage: ["Choose one of the languages"],
      timeZone: ["Choose a time zone from the list"],
    });
  });
});
