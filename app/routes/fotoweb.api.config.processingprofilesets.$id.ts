import { apiHandler } from "~/http/http.server";
import { entryRoute } from "~/http/processing/processing-api.server";

/* /fotoweb/api/config/processingprofilesets/{id}: one entry, GET, PUT and DELETE; decision 040. */

const route = entryRoute("processingProfileSets");

export const allowedMethods = ["GET", "HEAD", "PUT", "DELETE"];

export const loader = apiHandler(route.loader);
export const action = apiHandler(route.action);
