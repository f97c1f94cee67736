import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { archiveListJson, saveArchiveJson } from "~/http/archive/archive-admin.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/config/archives: every archive for a manager (GET), a new one (POST); decision 038. */

export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  archiveListJson(request, "full"),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return saveArchiveJson(args.request, null);
});
