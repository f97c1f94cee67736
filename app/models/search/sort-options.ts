/*
 * The grid's sort orders as the sort selector offers them (the s parameter), in its order. No
 * server imports: the selector renders in the browser too. Their names are the selector's to
 * say, in the page's language (components/search/SortSelect).
 */
export const SORT_OPTIONS = [
  "-added",
  "added",
  "name",
  "-name",
  "title",
  "-modified",
  "-captured",
  "-size",
  "manual",
] as const;

export type SortOptionValue = (typeof SORT_OPTIONS)[number];
