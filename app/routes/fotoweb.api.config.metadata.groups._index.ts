import type { LoaderFunctionArgs } from "@remix-run/node";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listFields } from "~/models/metadata/metadata.server";
import { fieldGroups } from "~/models/metadata/metadata.view";

/* GET /fotoweb/api/config/metadata/groups: the field picker's groups (decision 032). */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  return configJson({ data: fieldGroups(await listFields()) });
});

export const action = methodNotAllowed;
