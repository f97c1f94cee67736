import type { LoaderFunctionArgs } from "@remix-run/node";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listFields } from "~/models/metadata/metadata.server";
import { fieldNamespaces } from "~/models/metadata/metadata.view";

/* GET /fotoweb/api/config/metadata/namespaces: the field picker's namespaces (decision 032). */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  return configJson({ data: fieldNamespaces(await listFields()) });
});

export const action = methodNotAllowed;
