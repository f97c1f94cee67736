import { methodNotAllowed } from "~/http/http.server";
import { groupBagHandlers } from "~/http/group/group-api.server";

/* DELETE /fotoweb/api/groups/{id}/properties/{key}: removes one custom property. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const { action } = groupBagHandlers("properties", "key");
