import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { filterFields, createFieldFromRequest } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listFields } from "~/models/metadata/metadata.server";
import { configFieldView } from "~/models/metadata/metadata.view";

/* /fotoweb/api/config/metadata/fields/: the fields (as fields/all), and POST a custom one. */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  return configJson({ data: filterFields(request, await listFields()).map(configFieldView) });
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return createFieldFromRequest(args.request, await requireArchiveManager(args.request));
});
