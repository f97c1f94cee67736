import type { MessageId } from "~/models/locale/message-id";
import type { Translate } from "~/components/locale/locale-context";

/*
 * Why a folder could not be opened, in the reader's words (issue 32). The index search API says
 * it in English (API bodies stay English: spec 001 section 7), and the same words come from
 * the folder check every path archive uses; the index browser's pages show the ones they know by
 * key, and any other text as written.
 */
const KNOWN: Record<string, MessageId> = {
  "Folders on this server need no log-on: Arkiv does not support credentials for them.":
    "settings.indexBrowser.error.credentials",
  "This site does not allow archives that index a folder (ARCHIVE_ROOTS).":
    "settings.indexBrowser.error.noRoots",
  "This site does not allow archives that index a folder.": "settings.indexBrowser.error.noRoots",
  "Enter the full path of a folder, starting with /.": "settings.indexBrowser.error.notAbsolute",
  "This folder is outside the folders archives may index.": "settings.indexBrowser.error.outside",
  "This folder does not exist or cannot be read.": "settings.indexBrowser.error.missing",
  "This folder leads outside the folders archives may index.":
    "settings.indexBrowser.error.leadsOutside",
  "This is a file, not a folder.": "settings.indexBrowser.error.file",
  "This folder cannot be read.": "settings.indexBrowser.error.unreadable",
  "A folder path can be at most 1000 characters long.": "settings.indexBrowser.error.tooLong",
};

export function indexError(t: Translate, text: string): string {
  const id = KNOWN[text];
  return id ? t(id) : text;
}
