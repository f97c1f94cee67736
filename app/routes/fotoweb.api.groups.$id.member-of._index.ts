import { memberListAction, memberListLoader } from "~/http/group/group-api.server";

/*
 * /fotoweb/api/groups/{id}/member-of: GET the direct list; PUT replaces it, POST adds, DELETE
 * empties it (the reference's id lists); PATCH {add, remove} hrefs sends only the difference.
 */

export const allowedMethods = ["GET", "HEAD", "PUT", "POST", "PATCH", "DELETE"];

export const loader = memberListLoader("member-of", "list");

export const action = memberListAction("member-of");
