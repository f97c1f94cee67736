import type { ActionFunctionArgs } from "@remix-run/node";
import { importAnswer } from "~/http/taxonomy/taxonomy-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/taxonomies/{fieldId}/import: POST a CSV (decision 059); all of it, or nothing. */

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return importAnswer(args.request, args.params.fieldId);
});
