import type { SeedUser } from "./users";

/*
 * Issue 32 (albums in Norwegian): an owner per project, shared with the seed through users.ts,
 * since the story shares the owner's album and makes public links of it. The seed gives each
 * owner an album (a fixed id) and the rights to share it with people and with guests.
 */

export const l10nAlbumOwner = (project: string) => `l10n-album-${project}`;

export const L10N_ALBUM_USERS: SeedUser[] = ["js", "nojs"].map((p) => ({
  username: l10nAlbumOwner(p),
  fullName: `Album Norsk ${p}`,
  style: "light",
}));

/** The group holding albums.shareWithUsers and albums.shareWithGuests for these owners. */
export const L10N_ALBUM_GROUP = "E2E album sharers in Norwegian";

export const L10N_ALBUMS: Record<string, { id: number; name: string }> = {
  js: { id: 918_101, name: "Sommerferie js" },
  nojs: { id: 918_102, name: "Sommerferie nojs" },
};

/** Whom the owner shares with: a seeded user of both projects who only looks. */
export const L10N_ALBUM_FRIEND = "Alice Light";
