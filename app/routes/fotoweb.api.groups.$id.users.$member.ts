import { methodNotAllowed } from "~/http/http.server";
import { memberRemoveAction } from "~/http/group/group-api.server";

/* DELETE /fotoweb/api/groups/{id}/users/{member}: the user leaves the group. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = memberRemoveAction("users", "member");
