import { apiHandler } from "~/http/http.server";
import { watermarkRoute } from "~/http/processing/processing-api.server";

/* /fotoweb/api/config/watermarks/{fileName}: one watermark, GET and DELETE; decision 040. */

export const allowedMethods = ["GET", "HEAD", "DELETE"];

export const loader = apiHandler(watermarkRoute.loader);
export const action = apiHandler(watermarkRoute.action);
