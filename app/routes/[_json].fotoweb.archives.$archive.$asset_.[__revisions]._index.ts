import type { LoaderFunctionArgs } from "@remix-run/node";
import { revisionListJson } from "~/http/asset/revisions.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* An asset's revision list as JSON (spec 000 §7 "GET {revisions link}, paged"; decision 049). */

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  revisionListJson(request, params),
);

export const action = methodNotAllowed;
