import type { ActionFunctionArgs } from "@remix-run/node";
import { rollbackAction } from "~/http/asset/revisions.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* POST {revision}/rollback with rollbackType: a new revision copying this one (decision 049). */

export const loader = methodNotAllowed;

export const action = apiHandler(({ request, params }: ActionFunctionArgs) =>
  rollbackAction(request, params),
);
