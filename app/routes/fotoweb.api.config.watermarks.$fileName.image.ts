import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireArchiveManager } from "~/http/config-api.server";
import { watermarkImage } from "~/http/processing/processing-api.server";

/* A watermark's image, served to managers only (the admin page's previews); decision 040. */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  watermarkImage(request, await requireArchiveManager(request), params.fileName ?? ""),
);

export const action = methodNotAllowed;
