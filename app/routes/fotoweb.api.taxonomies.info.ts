import type { ActionFunctionArgs } from "@remix-run/node";
import { taxonomyInfoAnswer } from "~/http/taxonomy/taxonomy-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/taxonomies/info: POST a JSON array of item ids, get those items (unknown left out). */

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return taxonomyInfoAnswer(args.request);
});
