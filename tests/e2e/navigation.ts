import type { SeedUser } from "./users";

/*
 * Issue 19 (navigation): the names and people the navigation specs use, shared with
 * scripts/seeds/navigation.ts. Each project (js, nojs) has its own archive, editor and visitor,
 * since the specs change smart folders and pins; the accessibility archive is only looked at.
 */

export const navigationArchive = (key: string) => `Navigation ${key}`;

export const navEditor = (key: string) => `nav-editor-${key}`;
export const navVisitor = (key: string) => `nav-visitor-${key}`;
export const NAV_A11Y_USER = "nav-a11y-light";

/** The taxonomy field (a custom text field made by the seed) and its terms. */
export const NAV_FIELD_LABEL = "Navigation subject";
/** Dusk is a narrower term under Sunset: Sunset's grid holds Dusk's assets too (issue 31). */
export const NAV_TERMS = {
  group: "Places",
  child: "Harbour",
  root: "Sunset",
  narrower: "Dusk",
} as const;
/**
 * Assets: recent (added today) and old (added 30 days ago); Sunset tags one of each, Harbour
 * and Dusk one recent each, so Sunset's branch finds 3.
 */
export const NAV_SUNSET_BRANCH = 3;
export const NAV_RECENT = 3;
export const NAV_OLD = 2;
export const NAV_FOLDER = "Trips";
/** The accessibility archive's smart folders (the pane full). */
export const NAV_A11Y_SMART_FOLDERS = ["Recent", "Sunsets"];

export const NAVIGATION_USERS: SeedUser[] = [
  ...["js", "nojs"].flatMap((p): SeedUser[] => [
    { username: navEditor(p), fullName: `Nav Editor ${p}`, style: "light" },
    { username: navVisitor(p), fullName: `Nav Visitor ${p}`, style: "light" },
  ]),
  { username: NAV_A11Y_USER, fullName: "Nav A11y Light", style: "light" },
];
