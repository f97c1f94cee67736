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
  // Never change their password: they exist to show the forced-change view in each theme.
  { username: "forced-light", fullName: "Forced Light", style: "light", forcePasswordChange: true },
  { username: "forced-dark", fullName: "Forced Dark", style: "dark", forcePasswordChange: true },
  { username: "forced-auto", fullName: "Forced Auto", style: "auto", forcePasswordChange: true },
  // Hold manageUsers (USER_MANAGERS_GROUP): the users pages in a11y.spec.ts, in each theme.
  { username: "manager-light", fullName: "Manager Light", style: "light" },
  { username: "manager-dark", fullName: "Manager Dark", style: "dark" },
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
];

export const SEED_USERS: SeedUser[] = [...shared, ...PROJECTS.flatMap(perProject)];

/** The name of a per-project user for the running project. */
export function projectUser(
  base: "theme" | "forced" | "password" | "groups" | "users" | "archivist" | "desk" | "editor",
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

/** The group whose members manage archives (manageArchives): archive-dialog.spec.ts, a11y. */
export const ARCHIVE_MANAGERS_GROUP = "E2E archive managers";
/** Each project's group that archive-dialog.spec.ts gives View and Preview. */
export const deskGroup = (project: string) => `E2E desk ${project}`;
/** Each project's archive with photographs and no members, for archive-dialog.spec.ts to open. */
export const accessArchive = (project: string) => `E2E access ${project}`;
