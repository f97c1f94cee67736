import type { ActionFunctionArgs } from "@remix-run/node";
import { rollbackToAction } from "~/http/asset/revisions.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* POST {revision}/rollback-to: back to this revision, the later ones deleted (decision 049). */

export const loader = methodNotAllowed;

export const action = apiHandler(({ request, params }: ActionFunctionArgs) =>
  rollbackToAction(request, params),
);
