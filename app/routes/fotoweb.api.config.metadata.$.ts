import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, NO_RESOURCE_MESSAGE } from "~/http/http.server";
import { Problem } from "~/models/problem/problem";

/*
 * Any other address under /fotoweb/api/config/metadata/: 404, after the area's gate (401 for
 * nobody signed in), as at every address of the archive administration (decision 041).
 */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  throw new Problem("not-found", NO_RESOURCE_MESSAGE);
});

export const action = loader;
