import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/http/http.server";

/*
 * Any JSON request for which no API resource exists gets the error shape, not an HTML page. The
 * API-only namespaces (/fotoweb/api/, /fotoweb/services/) reuse it for their unknown paths.
 */
export const notFound = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  apiError(request, 404, "There is no API resource at this address.");

export const loader = notFound;
export const action = notFound;
