import type { SeedUser } from "./users";

/*
 * Issue 31 (the selection toolbar and long work, decisions 087 and 090): the names the selection
 * spec uses, shared with the seed (scripts/e2e-seed.ts, scripts/seeds/selection.ts). Each
 * project has its own member and archive, since the spec edits the archive's assets; the member
 * holds only what a contributor holds, and one task of theirs waits for ever, so the header's
 * running-work indicator always has something to show.
 */

export const selectionUser = (project: string) => `select-${project}`;
export const selectionArchive = (project: string) => `E2E selection ${project}`;
export const SELECTION_PHOTOS = 3;

/** What the member holds in their archive: no Rename, Duplicate, Copy, Move, Rotate or Delete. */
export const SELECTION_RIGHTS = [
  "View",
  "Preview",
  "Download",
  "EditText",
  "Comment",
  "UploadFile",
] as const;

/** The keyword the waiting task would add: never, since it never runs. */
export const WAITING_KEYWORD = "never-added";

export const SELECTION_USERS: SeedUser[] = ["js", "nojs"].map((p) => ({
  username: selectionUser(p),
  fullName: `Selection ${p}`,
  style: "light",
}));
