import type { SeedUser } from "./users";

/*
 * Albums (list part of issue 18): the names and people albums-list specs use, shared with
 * scripts/seeds/albums-list.ts. Per-project users (js, nojs) for anything a test changes.
 */

/** The user whose albums a project's tests create, search, filter, pin and restore. */
export const albumsListUser = (project: string) => `albums-list-${project}`;
/** Shares an album with each project's user (the shared filter). */
export const ALBUMS_LIST_FRIEND = "albums-list-friend";
/** Only looked at (axe). */
export const ALBUMS_LIST_LIGHT = "albums-list-light";

/** A project's seeded albums, by their role in the spec. */
export const albumsListNames = (project: string) => ({
  harbour: `AL ${project} Harbour`,
  mountains: `AL ${project} Mountains`,
  archived: `AL ${project} Archived`,
  shelved: `AL ${project} Shelved`,
  binned: `AL ${project} Binned`,
  shared: `AL ${project} From a friend`,
  created: `AL ${project} Created`,
});

// users.ts imports this module: its PROJECTS is not there yet when this one is evaluated.
const PROJECTS = ["js", "nojs"] as const;

export const ALBUMS_LIST_USERS: SeedUser[] = [
  ...PROJECTS.map((project): SeedUser => ({
    username: albumsListUser(project),
    fullName: `Album lister ${project}`,
    style: "light",
  })),
  { username: ALBUMS_LIST_FRIEND, fullName: "Album friend", style: "auto" },
  { username: ALBUMS_LIST_LIGHT, fullName: "Albums Light", style: "light" },
];
