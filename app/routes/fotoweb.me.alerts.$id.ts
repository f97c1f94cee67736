import type { LoaderFunctionArgs } from "@remix-run/node";
import { alertIdOf, alertPageRedirect } from "~/http/alert/alert.server";
import { pageHandler } from "~/http/http.server";

/* An alert's href in a browser: the alerts list with that alert in edit mode (its owner only). */
export const loader = pageHandler(({ request, params }: LoaderFunctionArgs) =>
  alertPageRedirect(request, alertIdOf(params.id)),
);
