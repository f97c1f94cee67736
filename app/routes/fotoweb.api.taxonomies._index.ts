import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createTaxonomyAnswer, taxonomyListAnswer } from "~/http/taxonomy/taxonomy-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/taxonomies/ (and ;p=): the taxonomies (GET) and a new one (POST), decision 059. */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  taxonomyListAnswer(request),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return createTaxonomyAnswer(args.request);
});
