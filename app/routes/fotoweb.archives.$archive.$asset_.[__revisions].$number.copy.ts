import type { ActionFunctionArgs } from "@remix-run/node";
import { copyRevisionAction } from "~/http/asset/revisions.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* POST {revision}/copy: copy revision as a duplicate task, for plain forms (decision 049). */

export const loader = methodNotAllowed;

export const action = apiHandler(({ request, params }: ActionFunctionArgs) =>
  copyRevisionAction(request, params),
);
