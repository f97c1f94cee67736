import { apiHandler } from "~/http/http.server";
import { watermarkListRoute } from "~/http/processing/processing-api.server";

/* /fotoweb/api/config/watermarks: the list (GET: FileName, Name) and a multipart upload (POST). */

export const loader = apiHandler(watermarkListRoute.loader);
export const action = apiHandler(watermarkListRoute.action);
