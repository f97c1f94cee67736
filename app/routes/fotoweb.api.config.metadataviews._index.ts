import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createViewFromRequest } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listViews } from "~/models/metadata/metadata.server";
import { configViewView } from "~/models/metadata/metadata.view";

/* /fotoweb/api/config/metadataviews: the metadata views (GET) and a new one (POST); decision 032. */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  return configJson({ data: (await listViews()).map(configViewView) });
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return createViewFromRequest(args.request, await requireArchiveManager(args.request));
});
