import type { LoaderFunctionArgs } from "@remix-run/node";
import { filterFields } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listFields } from "~/models/metadata/metadata.server";
import { configFieldView } from "~/models/metadata/metadata.view";

/* GET /fotoweb/api/config/metadata/fields/all: every field, built-in and custom (decision 032). */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  return configJson({ data: filterFields(request, await listFields()).map(configFieldView) });
});

export const action = methodNotAllowed;
