import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  archiveIdOf,
  archiveJson,
  deleteArchiveJson,
  saveArchiveJson,
} from "~/http/archive/archive-admin.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* One archive's whole record (GET), its replacement (PUT; decision 038) and its deletion into
 * the trash can (DELETE; decision 043). */

export const allowedMethods = ["GET", "HEAD", "PUT", "DELETE"];

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  archiveJson(request, archiveIdOf(params.id)),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method === "DELETE")
    return deleteArchiveJson(args.request, archiveIdOf(args.params.id));
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return saveArchiveJson(args.request, archiveIdOf(args.params.id));
});
