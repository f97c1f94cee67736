import type { SeedUser } from "./users";

/*
 * Issue 32 (the administration of people in Norwegian): one user manager per project, in the
 * seed's manageUsers group, shared with the seed through users.ts: the story saves the users
 * grid's columns and adds users and groups, which are the manager's own doing.
 */

export const l10nPeopleUser = (project: string) => `l10n-people-${project}`;

export const L10N_PEOPLE_USERS: SeedUser[] = ["js", "nojs"].map((p) => ({
  username: l10nPeopleUser(p),
  fullName: `Folk Norsk ${p}`,
  style: "light",
}));
