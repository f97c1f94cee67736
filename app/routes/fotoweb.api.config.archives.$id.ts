import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { archiveIdOf, archiveJson, saveArchiveJson } from "~/http/actions/archive-admin.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* One archive's whole record (GET) and its replacement (PUT); decision 038. */

export const allowedMethods = ["GET", "HEAD", "PUT"];

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  archiveJson(request, archiveIdOf(params.id)),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return saveArchiveJson(args.request, archiveIdOf(args.params.id));
});
