import type { SeedUser } from "./users";

/*
 * Albums (sharing part of issue 18): the names and people albums-sharing specs use, shared with
 * scripts/seeds/albums-sharing.ts. Per-project users (js, nojs) for anything a test changes.
 */

export const SHARING_PROJECTS = ["js", "nojs"] as const;

/** The album's owner, the user it is shared with, and a member of the group it is shared with. */
export const sharingOwner = (project: string) => `sharing-owner-${project}`;
export const sharingFriend = (project: string) => `sharing-friend-${project}`;
export const sharingCrewMember = (project: string) => `sharing-crew-${project}`;
export const sharingAlbum = (project: string) => `Sharing trip ${project}`;
export const sharingGroup = (project: string) => `Sharing crew ${project}`;

/** Owners of an album nobody changes, for axe in each theme. */
export const SHARING_A11Y = [
  { username: "sharing-light", album: "Sharing a11y light" },
  { username: "sharing-dark", album: "Sharing a11y dark" },
] as const;

export const ALBUMS_SHARING_USERS: SeedUser[] = [
  ...SHARING_PROJECTS.flatMap((p): SeedUser[] => [
    { username: sharingOwner(p), fullName: `Sharing Owner ${p}`, style: "light" },
    { username: sharingFriend(p), fullName: `Sharing Friend ${p}`, style: "light" },
    { username: sharingCrewMember(p), fullName: `Sharing Crew ${p}`, style: "light" },
  ]),
  { username: "sharing-light", fullName: "Sharing Light", style: "light" },
  { username: "sharing-dark", fullName: "Sharing Dark", style: "dark" },
];
