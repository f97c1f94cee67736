/*
 * An album's text limits, apart from album.schema (zod) so the album page's forms can give them
 * to their inputs without loading zod in the browser.
 */
export const MAX_ALBUM_NAME = 200;
export const MAX_ALBUM_DESCRIPTION = 4000;
