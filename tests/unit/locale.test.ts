import { describe, expect, it } from "vitest";
import { formatters } from "~/models/locale/format";
import { isTimeZone, negotiateLanguage, timeZones } from "~/models/locale/language";
import { messagesFor, messagesOf, translate } from "~/models/locale/catalog.server";

describe("negotiateLanguage", () => {
  it.each([
    ["nb-NO,nb;q=0.9,en;q=0.8", "nb"],
    ["en-GB,en;q=0.9,nb;q=0.8", "en"],
    ["fr;q=1, de;q=0.9, nb;q=0.95", "nb"],
    ["de;q=0.5, nb;q=0.5", "de"],
    ["NO", "nb"],
    ["nn", "nb"],
    ["sv, da", null],
    ["en;q=0", null],
    ["*", null],
    ["", null],
    [null, null],
    [";;;,,,q=", null],
    ["x".repeat(100_000), null],
    [Array.from({ length: 5000 }, () => "fr").join(",") + ",de", null],
  ])("%j → %s", (header, expected) => {
    expect(negotiateLanguage(header as string | null)).toBe(expected);
  });
});

describe("time zones", () => {
  it("are those Intl knows, UTC among them", () => {
    expect(isTimeZone("Europe/Oslo")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
    expect(timeZones()).toContain("UTC");
    expect(timeZones()).toContain("Europe/Oslo");
  });
});

describe("formatters", () => {
  const moment = "2026-11-27T17:50:00Z";
  it("write a moment in the language and zone, naming the zone", () => {
    expect(formatters("en", "UTC").dateTime(moment)).toBe("27 Nov 2026, 17:50 UTC");
    expect(formatters("nb", "Europe/Oslo").dateTime(moment)).toMatch(
      /^27\. nov\. 2026.* 18:50 CET$/,
    );
    expect(formatters("de", "Europe/Berlin").dateTime(moment)).toMatch(
      /^27\. Nov\. 2026.* 18:50 MEZ$/,
    );
    expect(formatters("en", "UTC").dateTime("not a date")).toBe("");
  });
  it("write numbers, sizes and durations in the language", () => {
    expect(formatters("nb", "UTC").number(1234567.5)).toMatch(/^1\s234\s567,5$/);
    expect(formatters("de", "UTC").number(1234567.5)).toBe("1.234.567,5");
    expect(formatters("en", "UTC").bytes(512)).toBe("1 kB");
    expect(formatters("en", "UTC").bytes(3.4 * 1024 ** 2)).toBe("3.4 MB");
    expect(formatters("de", "UTC").bytes(3.4 * 1024 ** 2)).toBe("3,4 MB");
    expect(formatters("en", "UTC").duration(3900)).toBe("1 hr 5 mins");
    expect(formatters("en", "UTC").duration(0)).toBe("0 secs");
    expect(formatters("de", "UTC").duration(65)).toBe("1 Min. 5 Sek.");
  });
});

describe("the catalogue at run time", () => {
  it("translates by language, and interpolates", () => {
    expect(translate("nb", "common.locale.saved")).toBe("Språk og tidssone er lagret.");
    expect(translate("de", "common.locale.timeZoneAuto", { zone: "UTC" })).toBe(
      "Die der Website (UTC)",
    );
    expect(translate("en", "common.locale.timeZoneAuto", { zone: "<b>" })).toBe("The site's (<b>)");
  });
  it("writes the pseudo-locale accented, longer and bracketed, placeholders whole", () => {
    const pseudo = translate("en-XA", "common.locale.timeZoneAuto", { zone: "Europe/Oslo" });
    expect(pseudo.startsWith("[")).toBe(true);
    expect(pseudo.endsWith("]")).toBe(true);
    expect(pseudo).toContain("Europe/Oslo");
    expect(pseudo).not.toMatch(/The site/);
    expect(pseudo.length).toBeGreaterThan("The site's (Europe/Oslo)".length * 1.2);
  });
  it("gives a page only the areas asked for", () => {
    expect(Object.keys(messagesOf("nb", ["common", "common"]))).toEqual(["common"]);
    expect(messagesFor("de")["common.locale.save"]).toEqual(["Speichern"]);
  });
});
