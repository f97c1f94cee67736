import type { SeedUser } from "./users";

/*
 * Issue 31: album tiles and the album page's asset tiles laid out at a desktop and a phone width.
 * One user who only looks: the seed gives it an album of one asset and one of eight, both pinned,
 * with every asset of the larger one pinned, so the tiles show their widest state.
 */

export const ALBUM_TILES_USER = "album-tiles";
export const ALBUM_TILES = {
  one: { id: 9311, name: "Tiles single", assets: 1 },
  eight: { id: 9312, name: "Tiles eight", assets: 8 },
} as const;

export const ALBUM_TILES_USERS: SeedUser[] = [
  { username: ALBUM_TILES_USER, fullName: "Album Tiles", style: "light" },
];
