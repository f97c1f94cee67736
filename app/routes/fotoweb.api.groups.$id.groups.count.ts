import { methodNotAllowed } from "~/http/http.server";
import { memberListLoader } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/groups/count: {value}, the length of the list beside it. */

export const loader = memberListLoader("groups", "count");

export const action = methodNotAllowed;
