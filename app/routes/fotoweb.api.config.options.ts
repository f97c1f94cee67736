import type { LoaderFunctionArgs } from "@remix-run/node";
import { archiveOptionsJson } from "~/http/archive/archive-admin.server";
import { apiHandler } from "~/http/http.server";

/* /fotoweb/api/config/options: what the archive dialog needs to know about the site. */

export const loader = apiHandler(({ request }: LoaderFunctionArgs) => archiveOptionsJson(request));
