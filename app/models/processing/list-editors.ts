import { translateNow } from "~/components/locale/active";
import type { MessageId } from "~/models/locale/message-id";
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
    backLabel: "settings.processing.profiles.title",
    caption: "settings.processing.profiles.caption",
    add: "settings.processing.profiles.add",
    edit: "settings.processing.profiles.edit",
    none: "settings.processing.profiles.none",
  },
  processingProfileSets: {
    home: LINKS.adminProcessingProfiles,
    entries: `${LINKS.adminProcessingProfiles}/sets`,
    backLabel: "settings.processing.profiles.title",
    caption: "settings.processing.profileSets.caption",
    add: "settings.processing.profileSets.add",
    edit: "settings.processing.profileSets.edit",
    none: "settings.processing.profileSets.none",
  },
  renditionSets: {
    home: LINKS.adminRenditionSets,
    entries: LINKS.adminRenditionSets,
    backLabel: "settings.processing.renditionSets.title",
    caption: "settings.processing.renditionSets.caption",
    add: "settings.processing.renditionSets.add",
    edit: "settings.processing.renditionSets.edit",
    none: "settings.processing.renditionSets.none",
  },
  cropProfileSets: {
    home: LINKS.adminCropProfileSets,
    entries: LINKS.adminCropProfileSets,
    backLabel: "settings.processing.cropProfileSets.title",
    caption: "settings.processing.cropProfileSets.caption",
    add: "settings.processing.cropProfileSets.add",
    edit: "settings.processing.cropProfileSets.edit",
    none: "settings.processing.cropProfileSets.none",
  },
} as const satisfies Record<
  string,
  {
    home: string;
    entries: string;
    backLabel: MessageId;
    caption: MessageId;
    add: MessageId;
    edit: MessageId;
    none: MessageId;
  }
>;

export type EditedList = keyof typeof LIST_EDITORS;

/** "Add quick rendition set", "Edit profile set": the page's title before the entry has a name. */
export function editorTitle(list: EditedList, adding: boolean): MessageId {
  return adding ? LIST_EDITORS[list].add : LIST_EDITORS[list].edit;
}

/** The document title of an editor page, in the reader's language. */
export const editorMeta = (list: EditedList, adding: boolean) => () => [
  { title: `${translateNow(editorTitle(list, adding))} | Arkiv` },
];

/** The pages that list entries: the processing profiles page shows its sets too. */
export const LIST_PAGES = {
  processingProfiles: {
    home: LINKS.adminProcessingProfiles,
    title: "settings.processing.profiles.title",
    intro: "settings.processing.profiles.intro",
    lists: ["processingProfiles", "processingProfileSets"],
  },
  renditionSets: {
    home: LINKS.adminRenditionSets,
    title: "settings.processing.renditionSets.title",
    intro: "settings.processing.renditionSets.intro",
    lists: ["renditionSets"],
  },
  cropProfileSets: {
    home: LINKS.adminCropProfileSets,
    title: "settings.processing.cropProfileSets.title",
    intro: "settings.processing.cropProfileSets.intro",
    lists: ["cropProfileSets"],
  },
} as const satisfies Record<
  string,
  { home: string; title: MessageId; intro: MessageId; lists: readonly EditedList[] }
>;

export type ListPage = keyof typeof LIST_PAGES;

export const listsMeta = (page: ListPage) => () => [
  { title: `${translateNow(LIST_PAGES[page].title)} | Arkiv` },
];

/** The catalogues a processing page loads (its route's handle). */
export const listsHandle = { i18n: ["settings"] };
