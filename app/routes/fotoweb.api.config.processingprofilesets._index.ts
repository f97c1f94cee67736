import { apiHandler } from "~/http/http.server";
import { listRoute } from "~/http/processing/processing-api.server";

/* /fotoweb/api/config/processingprofilesets: the list (GET) and a new entry (POST); decision 040. */

const route = listRoute("processingProfileSets");

export const loader = apiHandler(route.loader);
export const action = apiHandler(route.action);
