import { methodNotAllowed } from "~/http/http.server";
import { memberListLoader } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/users-recursive: the list through groups inside groups, read only. */

export const loader = memberListLoader("users", "list");

export const action = methodNotAllowed;
