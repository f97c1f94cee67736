import { LINKS } from "~/utils/links";

/*
 * The processing lists whose entries are edited on a page of their own (decision 040): where
 * each list lives and what an entry is called. Every editor route, new or existing, and every
 * list page is made from these tables (ListEditorView, ListsPageView and their loaders and
 * actions in app/http/processing), so the pages differ only here.
 */
export const LIST_EDITORS = {
  processingProfiles: {
    home: LINKS.adminProcessingProfiles,
    entries: LINKS.adminProcessingProfiles,
    backLabel: "Processing profiles",
    caption: "Processing profiles",
    noun: "processing profile",
  },
  processingProfileSets: {
    home: LINKS.adminProcessingProfiles,
    entries: `${LINKS.adminProcessingProfiles}/sets`,
    backLabel: "Processing profiles",
    caption: "Profile sets",
    noun: "profile set",
  },
  renditionSets: {
    home: LINKS.adminRenditionSets,
    entries: LINKS.adminRenditionSets,
    backLabel: "Quick rendition sets",
    caption: "Quick rendition sets",
    noun: "quick rendition set",
  },
  cropProfileSets: {
    home: LINKS.adminCropProfileSets,
    entries: LINKS.adminCropProfileSets,
    backLabel: "Crop profile sets",
    caption: "Crop profile sets",
    noun: "crop profile set",
  },
} as const;

export type EditedList = keyof typeof LIST_EDITORS;

/** "Add quick rendition set", "Edit profile set": the page's title before the entry has a name. */
export function editorTitle(list: EditedList, adding: boolean): string {
  return `${adding ? "Add" : "Edit"} ${LIST_EDITORS[list].noun}`;
}

/** The document title of an editor page. */
export const editorMeta = (list: EditedList, adding: boolean) => () => [
  { title: `${editorTitle(list, adding)} | Arkiv` },
];

/** The pages that list entries: the processing profiles page shows its sets too. */
export const LIST_PAGES = {
  processingProfiles: {
    home: LINKS.adminProcessingProfiles,
    title: "Processing profiles",
    intro:
      "A profile makes the file a download delivers: format, size, colour, watermark, sharpening. An archive sends every download through one profile, or lets people choose from a set.",
    lists: ["processingProfiles", "processingProfileSets"],
  },
  renditionSets: {
    home: LINKS.adminRenditionSets,
    title: "Quick rendition sets",
    intro: "Named sizes an archive offers as quick renditions of its images (its PreviewSizeList).",
    lists: ["renditionSets"],
  },
  cropProfileSets: {
    home: LINKS.adminCropProfileSets,
    title: "Crop profile sets",
    intro:
      "Named crops, by aspect ratio or exact size, an archive offers when cropping (its CropProfileSet).",
    lists: ["cropProfileSets"],
  },
} as const satisfies Record<
  string,
  { home: string; title: string; intro: string; lists: readonly EditedList[] }
>;

export type ListPage = keyof typeof LIST_PAGES;

export const listsMeta = (page: ListPage) => () => [{ title: `${LIST_PAGES[page].title} | Arkiv` }];
