import { apiHandler } from "~/http/http.server";
import { entryRoute } from "~/http/processing/processing-api.server";

/* /fotoweb/api/config/cropprofilesets/{id}: one entry, GET, PUT and DELETE; decision 040. */

const route = entryRoute("cropProfileSets");

export const allowedMethods = ["GET", "HEAD", "PUT", "DELETE"];

export const loader = apiHandler(route.loader);
export const action = apiHandler(route.action);
