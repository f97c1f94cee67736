import type { LoaderFunctionArgs } from "@remix-run/node";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listFields } from "~/models/metadata/metadata.server";
import { fieldNamespaces } from "~/models/metadata/metadata.view";

/*
 * GET /fotoweb/api/config/metadata/namespaces: the field picker's namespaces (decision 032), a
 * plain list as the real product answers it (decision 111).
 */

async function namespaces({ request }: LoaderFunctionArgs) {
  await requireArchiveManager(request);
  return configJson(fieldNamespaces(await listFields()));
}

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(namespaces)(args);
}

export const action = methodNotAllowed;
