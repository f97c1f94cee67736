/*
 * A public link's ends, as the API says them. Apart from album.schema.ts (zod) because the
 * visitor's error page matches them to its words, and it must not load zod for three strings.
 */
export const LINK_NOT_FOUND = "There is no shared album at this address.";
export const LINK_EXPIRED = "This link has expired. Ask the person who shared it for a new one.";
export const LINK_REVOKED = "This link is no longer shared. Ask the person who shared it.";
