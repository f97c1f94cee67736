/*
 * The grid's sort orders as the sort selector offers them (the s parameter). No server imports:
 * the selector renders in the browser too.
 */
export const SORT_OPTIONS = [
  { value: "-added", label: "Added, newest first" },
  { value: "added", label: "Added, oldest first" },
  { value: "name", label: "File name A–Z" },
  { value: "-name", label: "File name Z–A" },
  { value: "title", label: "Title" },
  { value: "-modified", label: "Modified, newest first" },
  { value: "-captured", label: "Captured, newest first" },
  { value: "-size", label: "File size, largest first" },
  { value: "manual", label: "Manual order" },
] as const;
