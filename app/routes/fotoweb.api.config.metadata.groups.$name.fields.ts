import type { LoaderFunctionArgs } from "@remix-run/node";
import { filterFields } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { fieldsInGroup } from "~/models/metadata/metadata.server";
import { configFieldView } from "~/models/metadata/metadata.view";

/* GET the fields of one group, by its name (decision 032). */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  const fields = await fieldsInGroup(params.name ?? "");
  return configJson({ data: filterFields(request, fields).map(configFieldView) });
});

export const action = methodNotAllowed;
