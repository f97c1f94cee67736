import { groupBagHandlers } from "~/http/group/group-api.server";

/* /fotoweb/api/groups/{id}/properties: GET the custom properties, DELETE them all. */

export const allowedMethods = ["GET", "HEAD", "DELETE"];

export const { loader, action } = groupBagHandlers("properties");
