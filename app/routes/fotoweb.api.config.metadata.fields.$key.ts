import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { updateFieldFromRequest } from "~/http/metadata/metadata-api.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { deleteField, FIELD_NOT_FOUND, findField } from "~/models/metadata/metadata.server";
import { Problem } from "~/models/problem/problem";
import { configFieldView } from "~/models/metadata/metadata.view";

/* A field by its id: GET it; PUT or DELETE a custom one (decision 032). */

export const allowedMethods = ["GET", "HEAD", "PUT", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireArchiveManager(request);
  const field = await findField(params.key ?? "");
  if (!field) throw new Problem("not-found", FIELD_NOT_FOUND);
  return configJson(configFieldView(field));
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireArchiveManager(request);
  if (request.method === "PUT") return updateFieldFromRequest(request, viewer, params.key ?? "");
  await deleteField(viewer, params.key ?? "");
  return new Response(null, { status: 204 });
});
