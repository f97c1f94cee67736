import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { revisionDeleteAction, revisionJson } from "~/http/asset/revisions.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * One revision of an asset (…/{asset}.info/__revisions/{number}): GET as JSON, DELETE (spec 000
 * §7), or a plain form's POST to delete it without JavaScript (decision 049).
 */

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  revisionJson(request, params),
);

export const action = apiHandler(async (args: ActionFunctionArgs) =>
  args.request.method === "DELETE" || args.request.method === "POST"
    ? revisionDeleteAction(args.request, args.params)
    : methodNotAllowed(args),
);
