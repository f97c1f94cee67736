import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAnswer } from "~/http/taxonomy/taxonomy-api.server";
import { apiHandler } from "~/http/http.server";

/* /fotoweb/api/taxonomies/{fieldId}/export.csv: the taxonomy in decision 059's CSV (editors). */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  exportAnswer(request, params.fieldId),
);
