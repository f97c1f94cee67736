import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  createItemAnswer,
  deleteTaxonomyAnswer,
  taxonomyAnswer,
  updateTaxonomyAnswer,
} from "~/http/taxonomy/taxonomy-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * /fotoweb/api/taxonomies/{fieldId}/ (and ;p=, ?q=): the taxonomy, its root items or a search
 * (GET), its settings (PUT), a new root item (POST), and the whole taxonomy gone (DELETE).
 */

export const allowedMethods = ["GET", "HEAD", "PUT", "POST", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  taxonomyAnswer(request, params.fieldId),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  switch (request.method) {
    case "PUT":
      return updateTaxonomyAnswer(request, params.fieldId);
    case "POST":
      return createItemAnswer(request, params.fieldId);
    case "DELETE":
      return deleteTaxonomyAnswer(request, params.fieldId);
    default:
      return methodNotAllowed(args);
  }
});
