import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { updateViewFromRequest } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { deleteView, requireView } from "~/models/metadata/metadata.server";
import { configViewView } from "~/models/metadata/metadata.view";

/* A metadata view's configuration: GET, PUT (name, builtin mapping, regions), DELETE. */

export const allowedMethods = ["GET", "HEAD", "PUT", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  return configJson(configViewView(await requireView(params.viewid ?? "")));
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireArchiveManager(request);
  if (request.method === "PUT") return updateViewFromRequest(request, viewer, params.viewid ?? "");
  await deleteView(viewer, params.viewid ?? "");
  return new Response(null, { status: 204 });
});
