import { methodNotAllowed } from "~/http/http.server";
import { memberListLoader } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/groups-recursive: the list through groups inside groups, read only. */

export const loader = memberListLoader("groups", "list");

export const action = methodNotAllowed;
