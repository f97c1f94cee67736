import { isRTL } from "react-aria/I18nProvider";
import { describe, expect, it } from "vitest";

/*
 * react-aria as patched (patches/react-aria, decision 099): a locale's text direction is read
 * without Intl.Locale#maximize(), which loaded ICU's likely subtags on every page's first use.
 * The answer is the one the unpatched code gives on the same engine (its ICU decides).
 */
const unpatched = (tag: string) => {
  const locale = new Intl.Locale(tag).maximize() as Intl.Locale & {
    getTextInfo?: () => { direction: string };
    textInfo?: { direction: string };
  };
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === "rtl";
};

describe("locale direction (patched react-aria)", () => {
  it("knows the common cases", () => {
    expect(isRTL("en-US")).toBe(false);
    expect(isRTL("nb-NO")).toBe(false);
    expect(isRTL("ar")).toBe(true);
    expect(isRTL("he-IL")).toBe(true);
  });

  it.each([
    "en-US",
    "nb-NO",
    "de",
    "sr-Latn",
    "sr-Cyrl",
    "ar",
    "he-IL",
    "fa",
    "ur-PK",
    "az-Arab",
    "uz-Arab",
    "ms-Arab",
    "pa-Arab",
    "ku",
    "ckb",
    "yi",
    "sd",
    "zh-Hant-TW",
  ])("%s answers as unpatched", (tag) => {
    expect(isRTL(tag)).toBe(unpatched(tag));
  });
});
