import { methodNotAllowed } from "~/http/http.server";
import { groupBagHandlers } from "~/http/group/group-api.server";

/* DELETE /fotoweb/api/groups/{id}/external-ids/{provider}: removes one provider's id. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const { action } = groupBagHandlers("external-ids", "provider");
