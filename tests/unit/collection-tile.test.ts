import { describe, expect, it } from "vitest";
import {
  brightness,
  coverSources,
  DEFAULT_TILE_COLOR,
  sortedVariant,
  tileColor,
  tileIcon,
  tileTextColor,
} from "~/models/collection/collection.view";

describe("tile text colour by brightness (spec 000 section 9)", () => {
  it("weighs the channels 299, 587 and 114 per thousand", () => {
    expect(brightness("#ffffff")).toBe(255);
    expect(brightness("#000000")).toBe(0);
    expect(brightness("#ff0000")).toBeCloseTo(76.245);
    expect(brightness("#00ff00")).toBeCloseTo(149.685);
    expect(brightness("#0000ff")).toBeCloseTo(29.07);
    expect(brightness("#fff")).toBe(255);
  });

  it("puts black text on tiles of brightness 128 and above, white below", () => {
    expect(tileTextColor("#808080")).toBe("#000000"); // exactly 128
    expect(tileTextColor("#7f7f7f")).toBe("#ffffff"); // 127
    expect(tileTextColor(DEFAULT_TILE_COLOR)).toBe("#000000");
    expect(tileTextColor("#4D4D4D")).toBe("#ffffff");
    expect(tileTextColor("#ffff00")).toBe("#000000");
    expect(tileTextColor("#0000ff")).toBe("#ffffff");
  });

  it("paints the default colour for anything that is not a colour", () => {
    expect(tileColor("#123456")).toBe("#123456");
    expect(tileColor("red; background:url(x)")).toBe(DEFAULT_TILE_COLOR);
    expect(tileColor(null)).toBe(DEFAULT_TILE_COLOR);
    expect(tileTextColor("nonsense")).toBe(tileTextColor(DEFAULT_TILE_COLOR));
  });
});

describe("cover sources (the poster rule)", () => {
  const thumb = { size: 200, href: "/t" };
  const retina = { size: 400, href: "/r" };
  const preview = { size: 1600, href: "/p" };

  it("shows the first poster image on standard displays and the second on retina", () => {
    expect(coverSources([preview, retina, thumb])).toEqual({ src: "/t", srcSet: "/t 1x, /r 2x" });
  });

  it("uses the only image for both, and nothing without images", () => {
    expect(coverSources([thumb])).toEqual({ src: "/t", srcSet: undefined });
    expect(coverSources([])).toBeNull();
  });
});

describe("tile icons", () => {
  it("maps known names and falls back to Folder", () => {
    expect(tileIcon("Folder")).toBe("Folder");
    expect(tileIcon("camera")).toBe("Camera");
    expect(tileIcon("Film")).toBe("Video");
    expect(tileIcon("UnknownIcon")).toBe("Folder");
    expect(tileIcon("")).toBe("Folder");
  });
});

describe("the saved sorted variant", () => {
  const href = "/fotoweb/archives/5000-Photos/";
  const sorting = (value: unknown) => ({ [href]: value });

  it("links to a sorted variant inside the same archive", () => {
    expect(sortedVariant(sorting({ href: `${href}?o=-name` }), href)).toBe(`${href}?o=-name`);
  });

  it("ignores other archives, other sites, dot segments and damaged entries", () => {
    for (const bad of [
      { href: "/fotoweb/archives/5001-Other/?o=name" },
      { href: "https://evil.example/fotoweb/archives/5000-Photos/" },
      { href: "//evil.example/" },
      { href: `${href}../5001-Other/` },
      { href: `${href}%2e%2e/5001-Other/` },
      { href: "javascript:alert(1)" },
      { href: 42 },
      "text",
      null,
    ]) {
      const result = sortedVariant(sorting(bad), href);
      expect(result === null || result.startsWith(href), JSON.stringify(bad)).toBe(true);
      if (result) expect(result).not.toContain("5001");
    }
    expect(sortedVariant(null, href)).toBeNull();
    expect(sortedVariant({}, href)).toBeNull();
  });
});
