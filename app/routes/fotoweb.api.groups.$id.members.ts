import { methodNotAllowed } from "~/http/http.server";
import { memberListAction } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/members: PUT replaces, POST adds, DELETE empties users and groups. */

export const allowedMethods = ["PUT", "POST", "DELETE"];

export const loader = methodNotAllowed;

export const action = memberListAction("members");
