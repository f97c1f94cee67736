/*
 * A public link's ends, as the API names them in the error body's heading (stable identifiers,
 * never shown as written). Apart from album.schema.ts (zod) because the visitor's error page
 * picks its title by them, and it must not load zod for two strings.
 */
export const LINK_EXPIRED_HEADING = "Link expired";
export const LINK_REVOKED_HEADING = "Link revoked";
