import { describe, expect, it } from "vitest";
import { siteSettingsSchema, type SiteSettings } from "~/models/site/site.schema";
import { cookiePolicyVersion } from "~/models/site/site.server";

const base = siteSettingsSchema.parse({});
const withConsent = (changes: Partial<SiteSettings["cookieConsent"]>): SiteSettings => ({
  ...base,
  cookieConsent: { ...base.cookieConsent, ...changes },
});

describe("cookiePolicyVersion", () => {
  it("is a short URL-safe string", () => {
    expect(cookiePolicyVersion(base)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("is stable for the same text", () => {
    expect(cookiePolicyVersion(base)).toBe(cookiePolicyVersion(siteSettingsSchema.parse({})));
    expect(cookiePolicyVersion(withConsent({ policy: "P" }))).toBe(
      cookiePolicyVersion(withConsent({ policy: "P" })),
    );
  });

  it("changes when the policy, title or banner text changes", () => {
    const v = cookiePolicyVersion(base);
    expect(cookiePolicyVersion(withConsent({ policy: base.cookieConsent.policy + "." }))).not.toBe(
      v,
    );
    expect(cookiePolicyVersion(withConsent({ title: "Other" }))).not.toBe(v);
    expect(cookiePolicyVersion(withConsent({ body: "Other" }))).not.toBe(v);
  });

  it("ignores settings unrelated to the policy", () => {
    const v = cookiePolicyVersion(base);
    expect(
      cookiePolicyVersion({
        ...base,
        siteName: "Other",
        darkModeEnabled: false,
        guestAccess: false,
      }),
    ).toBe(v);
  });

  it("does not confuse text moved between fields", () => {
    expect(cookiePolicyVersion(withConsent({ title: "ab", body: "c" }))).not.toBe(
      cookiePolicyVersion(withConsent({ title: "a", body: "bc" })),
    );
  });
});
