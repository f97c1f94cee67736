import { methodNotAllowed } from "~/http/http.server";
import { memberRemoveAction } from "~/http/group/group-api.server";

/* DELETE /fotoweb/api/groups/{id}/groups/{member}: the group inside leaves the group. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = memberRemoveAction("groups", "member");
