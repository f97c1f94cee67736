import type { LoaderFunctionArgs } from "@remix-run/node";
import { filterFields } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { fieldsInNamespace } from "~/models/metadata/metadata.server";
import { configFieldView } from "~/models/metadata/metadata.view";

/* GET the fields of one namespace, by its alias (decision 032). */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  const fields = await fieldsInNamespace(params.alias ?? "");
  return configJson({ data: filterFields(request, fields).map(configFieldView) });
});

export const action = methodNotAllowed;
