import { methodNotAllowed } from "~/http/http.server";
import { memberRemoveAction } from "~/http/group/group-api.server";

/* DELETE /fotoweb/api/groups/{id}/member-of/{group}: the group leaves that group. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = memberRemoveAction("member-of", "group");
