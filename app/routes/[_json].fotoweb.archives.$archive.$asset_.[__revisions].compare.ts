import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { compareAction, compareJson } from "~/http/asset/revisions.server";
import { apiHandler } from "~/http/http.server";

/*
 * Two revisions compared, as JSON: POST {compare link} with leftRevision and rightRevision
 * (spec 000 §7), or GET with ?left=&right= (decision 049).
 */

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  compareJson(request, params),
);

export const action = apiHandler(({ request, params }: ActionFunctionArgs) =>
  compareAction(request, params),
);
