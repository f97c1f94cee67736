import { describe, expect, test } from "vitest";
import type { AssetPreview, AssetView } from "~/models/asset/asset-view.server";
import { pickPreview, toGridAsset } from "~/models/asset/asset.view";
import { preferencesSchema, wantsRetinaThumbnails } from "~/models/user/user.schema";

/* A tile's data (decision 019): only what the tile shows goes into the page. */

const preview = (size: number): AssetPreview => ({
  size,
  width: size,
  height: Math.round((size * 2) / 3),
  href: `/fotoweb/files/${size}.jpg`,
  square: false,
});

function view(previews: AssetPreview[]): AssetView {
  return {
    id: 7,
    href: "/fotoweb/archives/5000-Main/7-a.jpg.info",
    ancestors: [],
    linkstance: "",
    archiveHREF: "/fotoweb/archives/5000-Main/",
    archiveName: "Main",
    archiveId: 5000,
    uniqueid: "7",
    physicalFileId: "0f",
    filename: "a.jpg",
    filesize: 1234,
    doctype: "image",
    mime: "image/jpeg",
    created: "2026-01-01T00:00:00.000Z",
    modified: "2026-01-01T00:00:00.000Z",
    permissions: ["View", "Preview"],
    metadataEditor: { name: "Default", href: "/fotoweb/editors/default" },
    metadata: { "120": { value: "A long caption nobody shows on a tile" } },
    builtinFields: [],
    attributes: {},
    dates: { modified: null, iptc: null, release: null, camera: null },
    previews,
    quickRenditions: previews.map((p) => ({
      ...p,
      name: "THUMBNAIL",
      display_name: "Thumbnail",
      description: "",
      original: false as const,
      default: false as const,
      profile: "",
    })),
    renditions: [],
    props: {
      shares: { enabled: false },
      comments: { enabled: false },
      annotations: { enabled: false },
    },
    revisioncount: 1,
    pincount: 0,
    thumbnailFields: {
      label: { value: "Harbour" },
      firstLine: { value: "a.jpg" },
      secondLine: { value: "A long caption nobody shows on a tile" },
    },
    placeholder: "1QcSHQRnh493V4dIh4eXh1h4kJUI",
    title: "Harbour",
    description: "A long caption nobody shows on a tile",
    tags: ["harbour"],
    rating: 0,
    status: "",
    notes: "",
  };
}

describe("pickPreview", () => {
  test("takes the first preview at least the size, else the largest, else none", () => {
    const list = [preview(200), preview(400), preview(1600)];
    expect(pickPreview(list, 200)?.size).toBe(200);
    expect(pickPreview(list, 300)?.size).toBe(400);
    expect(pickPreview(list, 4000)?.size).toBe(1600);
    expect(pickPreview([], 200)).toBeNull();
  });
});

describe("toGridAsset", () => {
  test("keeps the tile's fields and the two thumbnails, nothing else", () => {
    const tile = toGridAsset(view([preview(200), preview(400), preview(1600)]), "rgb(1 2 3)", true);
    expect(tile).toEqual({
      id: 7,
      href: "/fotoweb/archives/5000-Main/7-a.jpg.info",
      filename: "a.jpg",
      // The selection toolbar offers what the tile's archive allows (decision 087).
      archiveId: 5000,
      previews: [preview(200), preview(400)],
      placeholder: "1QcSHQRnh493V4dIh4eXh1h4kJUI",
      thumbnailFields: { label: { value: "Harbour" }, firstLine: { value: "a.jpg" } },
      placeholderColor: "rgb(1 2 3)",
    });
    expect(JSON.stringify(tile)).not.toContain("caption");
  });

  test("without the retina setting only the thumbnail travels", () => {
    const previews = [preview(200), preview(400), preview(1600)];
    expect(toGridAsset(view(previews), null, false).previews).toEqual([preview(200)]);
  });

  test("one preview serves both sizes once; none leaves the list empty", () => {
    expect(toGridAsset(view([preview(1600)]), null, true).previews).toEqual([preview(1600)]);
    expect(toGridAsset(view([]), null, true).previews).toEqual([]);
  });
});

describe("wantsRetinaThumbnails", () => {
  const viewer = (isGuest: boolean, enableRetinaThumbnails: boolean) => ({
    isGuest,
    preferences: preferencesSchema.parse({ intranet: { enableRetinaThumbnails } }),
  });
  test("on unless a signed-in person turned them off (issue 31)", () => {
    expect(wantsRetinaThumbnails(viewer(false, true))).toBe(true);
    expect(wantsRetinaThumbnails(viewer(false, false))).toBe(false);
    expect(
      wantsRetinaThumbnails({ isGuest: false, preferences: preferencesSchema.parse({}) }),
    ).toBe(true);
    // A guest cannot keep a setting: the default, whatever the shared account holds.
    expect(wantsRetinaThumbnails(viewer(true, false))).toBe(true);
    expect(wantsRetinaThumbnails(null)).toBe(true);
  });
});
