import { describe, expect, test } from "vitest";
import {
  albumNameToCreate,
  albumsListHref,
  filterPress,
  FILTER_ICONS,
  parseAlbumFilter,
  shouldSearch,
} from "~/models/album/album-list.view";

/* The albums page's rules (spec 000 sections 4 and 5, decision 052). */

describe("album filters", () => {
  test("the filter parameter: the four filters, none, or invalid", () => {
    expect(parseAlbumFilter(null)).toEqual({ ok: true, filter: null });
    expect(parseAlbumFilter("")).toEqual({ ok: true, filter: null });
    for (const f of ["own", "shared", "archived", "deleted"] as const)
      expect(parseAlbumFilter(f)).toEqual({ ok: true, filter: f });
    for (const bad of ["OWN", "all", "contribute", "own ", "../x"])
      expect(parseAlbumFilter(bad)).toEqual({ ok: false });
  });

  test("the icons: the spec's five, in its order, ending with clear", () => {
    expect(FILTER_ICONS.map((f) => f.filter)).toEqual([
      "own",
      "shared",
      "archived",
      "deleted",
      null,
    ]);
  });

  test("a press: nothing on the active one; touch shows the title first, then applies", () => {
    expect(filterPress({ active: true, pointerType: "mouse", titleShown: false })).toBe("ignore");
    expect(filterPress({ active: true, pointerType: "touch", titleShown: true })).toBe("ignore");
    expect(filterPress({ active: false, pointerType: "touch", titleShown: false })).toBe(
      "show-title",
    );
    expect(filterPress({ active: false, pointerType: "touch", titleShown: true })).toBe("apply");
    for (const pointerType of ["mouse", "keyboard", "pen", "virtual"])
      expect(filterPress({ active: false, pointerType, titleShown: false })).toBe("apply");
  });

  test("switching a filter drops the search; a search keeps the filter", () => {
    expect(albumsListHref(null)).toBe("/fotoweb/albums/");
    expect(albumsListHref("own")).toBe("/fotoweb/albums/?filter=own");
    expect(albumsListHref("shared", "  beach trip ")).toBe(
      "/fotoweb/albums/?filter=shared&q=beach+trip",
    );
    expect(albumsListHref(null, "   ")).toBe("/fotoweb/albums/");
  });
});

describe("album search and create", () => {
  test("a search is skipped when its text is the one last sent", () => {
    expect(shouldSearch("beach", "beach")).toBe(false);
    expect(shouldSearch(" beach ", "beach")).toBe(false);
    expect(shouldSearch("", "")).toBe(false);
    expect(shouldSearch("beach", "")).toBe(true);
    // Empty text after a search lists everything again.
    expect(shouldSearch("", "beach")).toBe(true);
  });

  test("the name is trimmed; nothing is created when it is empty", () => {
    expect(albumNameToCreate("  Trip  ")).toBe("Trip");
    expect(albumNameToCreate("   ")).toBeNull();
    expect(albumNameToCreate("")).toBeNull();
  });
});
