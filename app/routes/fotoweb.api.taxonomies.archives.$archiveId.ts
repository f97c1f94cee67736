import type { LoaderFunctionArgs } from "@remix-run/node";
import { archiveTaxonomiesAnswer } from "~/http/taxonomy/taxonomy-api.server";
import { apiHandler } from "~/http/http.server";

/*
 * /fotoweb/api/taxonomies/archives/{archiveID}: the taxonomies an archive offers (its navigation
 * pane's SearchTreeFields, else its metadata view's fields) with their root items.
 */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  archiveTaxonomiesAnswer(request, params.archiveId),
);
