import { methodNotAllowed } from "~/http/http.server";
import { memberListLoader } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/users-recursive/count: {value}, the length of the list beside it. */

export const loader = memberListLoader("users", "count");

export const action = methodNotAllowed;
