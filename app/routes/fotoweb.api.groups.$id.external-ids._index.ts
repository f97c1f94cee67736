import { groupBagHandlers } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/external-ids: GET the external ids, DELETE them all. */

export const allowedMethods = ["GET", "HEAD", "DELETE"];

export const { loader, action } = groupBagHandlers("external-ids");
