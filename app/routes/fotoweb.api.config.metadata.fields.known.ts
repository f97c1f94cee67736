import type { LoaderFunctionArgs } from "@remix-run/node";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listFields } from "~/models/metadata/metadata.server";
import { knownFieldView } from "~/models/metadata/metadata.view";

/*
 * GET /fotoweb/api/config/metadata/fields/known: every field, built-in and custom, as a plain
 * list in the real product's known-field shape (programs such as pyfwapi read it; decision 111).
 */

async function knownFields({ request }: LoaderFunctionArgs) {
  await requireArchiveManager(request);
  return configJson((await listFields()).map(knownFieldView));
}

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(knownFields)(args);
}

export const action = methodNotAllowed;
