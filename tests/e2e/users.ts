import { ALBUMS_LIST_USERS } from "./albums-list";
import { ALBUM_TILES_USERS } from "./album-tiles";
import { ALBUMS_VIEW_USERS } from "./albums-view";
import { ALBUMS_API_USERS } from "./albums-api";
import { ALBUMS_SHARING_USERS } from "./albums-sharing";
import { ALBUMS_LINKS_USERS } from "./albums-links";
import { ALERTS_USERS } from "./alerts";
import { NAVIGATION_USERS } from "./navigation";
import { ORGANIZE_STORY_USERS } from "./organize-story";
import { TAXONOMY_FIELDS_USERS } from "./taxonomy-fields";
import { TAXONOMY_ADMIN_USERS } from "./taxonomy-admin";
import { SELECTION_USERS } from "./selection";
import { L10N_GRID_USERS } from "./l10n-grid";
import { L10N_PEOPLE_USERS } from "./l10n-people";
import { L10N_ALBUM_USERS } from "./l10n-album";
/*
 * The people the end-to-end suite signs in as, shared by the seed script and the specs. A test
 * that changes a user's stored state (password, interface style) has one user per project, so the
 * JavaScript and no-JavaScript runs never race each other over the same row.
 */

export const ADMIN = { username: "admin", password: "e2e-owner-password" } as const;

export const PASSWORD = "e2e-password-1";

export type Style = "light" | "dark" | "auto";

export interface SeedUser {
  username: string;
  fullName: string;
  style: Style;
  forcePasswordChange?: boolean;
}

export const PROJECTS = ["js", "nojs"] as const;

/** Users that only sign in and look: shared by both projects. */
const shared: SeedUser[] = [
  { username: "alice", fullName: "Alice Light", style: "light" },
  { username: "dora", fullName: "Dora Dark", style: "dark" },
  { username: "otto", fullName: "Otto Auto", style: "auto" },
  // Never changes the password: shows the forced-change view in a11y.spec.ts.
  { username: "forced-light", fullName: "Forced Light", style: "light", forcePasswordChange: true },
  // Holds manageUsers (USER_MANAGERS_GROUP): the users pages in a11y.spec.ts.
  { username: "manager-light", fullName: "Manager Light", style: "light" },
  // Holds manageArchives (ARCHIVE_MANAGERS_GROUP): the archive administration in a11y.spec.ts.
  { username: "archivist-light", fullName: "Archivist Light", style: "light" },
  // Sees the history of REVISIONS_A11Y_ARCHIVE, which nobody changes (a11y.spec.ts).
  { username: "revisions-a11y", fullName: "Revisions Reader", style: "auto" },
];

/** Users whose stored state a test changes: one per project. */
const perProject = (project: string): SeedUser[] => [
  { username: `theme-${project}`, fullName: `Theme ${project}`, style: "light" },
  {
    username: `forced-${project}`,
    fullName: `Forced ${project}`,
    style: "light",
    forcePasswordChange: true,
  },
  { username: `password-${project}`, fullName: `Password ${project}`, style: "light" },
  // Made a manager of people by groups.spec.ts: its column choice is its own preference.
  { username: `groups-${project}`, fullName: `Groups ${project}`, style: "light" },
  // Holds manageUsers through USER_MANAGERS_GROUP (users.spec.ts), not the site owner.
  { username: `users-${project}`, fullName: `Users ${project}`, style: "light" },
  // archive-dialog.spec.ts: a manager of archives (ARCHIVE_MANAGERS_GROUP), a member of the
  // project's desk group, and a user given EditText with a filter through the dialog.
  { username: `archivist-${project}`, fullName: `Archivist ${project}`, style: "light" },
  { username: `desk-${project}`, fullName: `Desk ${project}`, style: "light" },
  { username: `editor-${project}`, fullName: `Editor ${project}`, style: "light" },
  // metadata-edit.spec.ts: EditText on the project's editing archive; Auto for a11y's themes.
  { username: `metaedit-${project}`, fullName: `Metadata editor ${project}`, style: "auto" },
  // file-operations.spec.ts: every file operation on the project's file operations archive.
  { username: `fileops-${project}`, fullName: `File operator ${project}`, style: "light" },
  // revisions.spec.ts: every history permission on the project's revisionsArchive.
  { username: `revisions-${project}`, fullName: `Revisions ${project}`, style: "light" },
  // pins.spec.ts: pins an archive and an album of its own and unpins them on the pins page.
  { username: `pins-${project}`, fullName: `Pins ${project}`, style: "light" },
  // Changes his grid size and navigation pane (browse-layout.spec).
  { username: `browse-${project}`, fullName: `Browse ${project}`, style: "light" },
  // Chooses his language and time zone (l10n-shell.spec).
  { username: `polyglot-${project}`, fullName: `Polyglot ${project}`, style: "light" },
];

export const SEED_USERS: SeedUser[] = [
  ...shared,
  ...PROJECTS.flatMap(perProject),
  ...ALBUMS_LIST_USERS,
  ...ALBUMS_VIEW_USERS,
  ...ALBUM_TILES_USERS,
  ...ALBUMS_API_USERS,
  ...ALBUMS_SHARING_USERS,
  ...ALBUMS_LINKS_USERS,
  ...ALERTS_USERS,
  ...NAVIGATION_USERS,
  ...ORGANIZE_STORY_USERS,
  ...TAXONOMY_FIELDS_USERS,
  ...TAXONOMY_ADMIN_USERS,
  ...SELECTION_USERS,
  ...L10N_GRID_USERS,
  ...L10N_ALBUM_USERS,
  ...L10N_PEOPLE_USERS,
];

/** The name of a per-project user for the running project. */
export function projectUser(
  base:
    | "theme"
    | "forced"
    | "password"
    | "groups"
    | "users"
    | "archivist"
    | "desk"
    | "editor"
    | "metaedit"
    | "fileops"
    | "revisions"
    | "pins"
    | "browse"
    | "polyglot",
  project: string,
): string {
  return `${base}-${project}`;
}

/** The archive the seed makes for uploads. */
export const E2E_ARCHIVE = "E2E uploads";

/**
 * Archives the seed fills with generated photographs (the demo generator, small sizes) for the
 * browsing and search specs. BROWSE: everyone may view, registered users may also download;
 * FILTERED: registered users see only its portrait photographs (a member filter); PRIVATE: only
 * alice. Specs must not change these archives' assets; each spec that changes state (pins, order,
 * covers) uses its own user or its own archive.
 */
export const BROWSE_ARCHIVE = "E2E browse";
export const FILTERED_ARCHIVE = "E2E filtered";
export const PRIVATE_ARCHIVE = "E2E private";
/** For specs that reorder assets or set covers: one archive per project. */
export const orderArchive = (project: string) => `E2E order ${project}`;
export const BROWSE_PHOTOS = 30;
export const SMALL_ARCHIVE_PHOTOS = 8;

/** A group the seed makes, for an approver to put a new account in (signups.spec.ts). */
export const REVIEWERS_GROUP = "E2E reviewers";
/** The group whose members manage people (the manageUsers flag): users.spec.ts, a11y.spec.ts. */
export const USER_MANAGERS_GROUP = "E2E user managers";

/* Archives whose downloads go through processing profiles (processing.spec.ts, decision 040). */
export const PROCESSED_ARCHIVE = "E2E processed downloads";
export const CHOSEN_ARCHIVE = "E2E chosen downloads";
/** Seeded by migration 0010: "Social 1080 square" and the set "Web, print and social". */
export const SOCIAL_SQUARE_PROFILE = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a03";
export const WEB_PRINT_SOCIAL_SET = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2b01";
/** The group whose members administer archives (manageArchives): a11y.spec.ts. */
export const ARCHIVE_MANAGERS_GROUP = "E2E archive managers";
/** A path archive over a folder below ARCHIVE_ROOTS (path-archives.spec.ts, decision 042). */
export const PATH_ARCHIVE = "E2E indexed folder";
export const PATH_ARCHIVE_FOLDER = "library";
/** The archive list spec's own archives, one set per project (archive-list.spec.ts). */
// "pair 1" and "pair 2" sort next to each other by name, the order of archives never placed.
export const LIST_ROLES = ["pair 1", "pair 2", "hidden", "doomed"] as const;
export const listArchive = (project: string, role: (typeof LIST_ROLES)[number]) =>
  `E2E list ${project} ${role}`;
/** How many photographs the doomed archive holds: the delete confirmation names the count. */
export const DOOMED_PHOTOS = 2;
/** An archive that resizes uploads on the client, with 512 000-byte limits (upload-resize.spec.ts). */
export const RESIZE_ARCHIVE = "E2E resize";
/** Each project's group that archive-dialog.spec.ts gives View and Preview. */
export const deskGroup = (project: string) => `E2E desk ${project}`;
/** Each project's archive with photographs and no members, for archive-dialog.spec.ts to open. */
export const accessArchive = (project: string) => `E2E access ${project}`;

/*
 * The task engine's spec (tasks.spec.ts, decision 047): per project a user allowed to delete in
 * an archive of their own, whose photographs a task deletes and its undo brings back.
 */
export const taskEngineUser = (project: string) => `tasks-${project}`;
export const taskEngineArchive = (project: string) => `E2E tasks ${project}`;
export const TASK_ENGINE_PHOTOS = 4;
/**
 * metadata-edit.spec.ts (decision 046): one archive per project, editable by that project's
 * metaedit user only, with a view whose custom field takes digits only. Its three photographs
 * carry captions and mixed keywords the seed sets after ingest.
 */
export const editingArchive = (project: string) => `E2E editing ${project}`;
export const EDITING_PHOTOS = 3;
export const EDITING_VIEW = "e2e-editing";
export const DIGITS_FIELD_LABEL = "Frame number";
export const DIGITS_HELP = "Only numbers, please";
/** The keywords of the editing archive's photographs, oldest first. */
export const EDITING_KEYWORDS = [["harbour", "boat"], ["harbour"], ["harbour", "boat", "sea"]];

/**
 * file-operations.spec.ts (decision 048): one archive per project with photographs, where only
 * that project's fileops user renames, duplicates, deletes and rotates.
 */
export const fileOpsArchive = (project: string) => `E2E file ops ${project}`;
export const FILE_OPS_PHOTOS = 3;
/**
 * revisions.spec.ts's archive per project (decision 049): one photograph with three revisions
 * (the upload and two title edits), made by the seed; the spec rolls back, deletes, compares.
 */
export const revisionsArchive = (project: string) => `E2E revisions ${project}`;
/** The same, for the accessibility checks only: never changed. */
export const REVISIONS_A11Y_ARCHIVE = "E2E revisions a11y";
/** The titles the seed's revisions 1, 2 and 3 carry (revision 1's is the photograph's own). */
export const REVISION_TITLES = ["Harbour at noon", "Harbour at dusk"] as const;
