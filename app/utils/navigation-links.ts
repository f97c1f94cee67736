/*
 * The hrefs the navigation pane's pins store (decision 061), shared by the models and the
 * pane's components: a folder pin is the archive's grid in that folder, a taxonomy pin the grid
 * narrowed by the item. (A smart folder pin is the smart folder's own href, smartFolderHref.)
 */
export const folderPinHref = (archiveHref: string, path: string) =>
  `${archiveHref}?folder=${encodeURIComponent(path)}`;
export const taxonomyPinHref = (archiveHref: string, itemId: number) =>
  `${archiveHref}?tx=${itemId}`;
