import type { LoaderFunctionArgs } from "@remix-run/node";
import { archiveListJson } from "~/http/archive/archive-admin.server";
import { apiHandler } from "~/http/http.server";

/* /fotoweb/api/config/archives-old: the archive list in the older flat shape (spec 001 §7). */

export const loader = apiHandler(({ request }: LoaderFunctionArgs) =>
  archiveListJson(request, "old"),
);
