import { describe, expect, it } from "vitest";
import { INTERFACE_STYLE_VALUES, preferencesSchema } from "~/models/user/user.schema";

const intranetDefaults = {
  archivePinned: [],
  pinnedAlbums: [],
  folderPinned: [],
  taxonomyPinned: [],
  markersAlwaysDisplay: false,
  highQualityThumbnails: false,
  interfaceStyle: "auto",
  enableRetinaThumbnails: true,
  thumbnailSize: "medium",
  navigationPaneOpen: true,
  language: "auto",
  timeZone: "auto",
};

describe("preferencesSchema", () => {
  it("fills every group with defaults", () => {
    expect(preferencesSchema.parse({})).toEqual({
      intranet: intranetDefaults,
      shared: {},
      pro: {},
      public: {},
    });
  });

  it("keeps valid values", () => {
    const prefs = preferencesSchema.parse({
      intranet: { interfaceStyle: "dark", archivePinned: ["a1"], markersAlwaysDisplay: true },
      shared: { x: 1 },
    });
    expect(prefs.intranet).toMatchObject({
      interfaceStyle: "dark",
      archivePinned: ["a1"],
      markersAlwaysDisplay: true,
    });
    expect(prefs.shared).toEqual({ x: 1 });
  });

  it("replaces bad fields one by one", () => {
    const prefs = preferencesSchema.parse({
      intranet: {
        interfaceStyle: "purple",
        archivePinned: "a1",
        pinnedAlbums: [1, 2],
        highQualityThumbnails: "yes",
        enableRetinaThumbnails: "on",
        thumbnailSize: "huge",
        navigationPaneOpen: "no",
        language: "fr",
        timeZone: "Mars/Olympus",
        folderPinned: ["ok"],
      },
    });
    expect(prefs.intranet).toEqual({ ...intranetDefaults, folderPinned: ["ok"] });
  });

  it("replaces groups of the wrong type", () => {
    expect(preferencesSchema.parse({ intranet: "x", shared: [1], pro: null, public: 5 })).toEqual({
      intranet: intranetDefaults,
      shared: {},
      pro: {},
      public: {},
    });
  });

  it("keeps unknown keys for the features that own them", () => {
    const prefs = preferencesSchema.parse({
      intranet: { futureFeature: { a: 1 } },
      extraGroup: { b: 2 },
    });
    expect(prefs.intranet).toMatchObject({ futureFeature: { a: 1 } });
    expect(prefs).toMatchObject({ extraGroup: { b: 2 } });
  });

  it("refuses input that is not an object at all", () => {
    for (const garbage of [null, "prefs", 42, []]) {
      expect(preferencesSchema.safeParse(garbage).success).toBe(false);
    }
  });

  it("stores interface styles as the spec's numbers", () => {
    expect(INTERFACE_STYLE_VALUES).toEqual({ light: 0, dark: 1, auto: -1 });
  });
});
