import type { LoaderFunctionArgs } from "@remix-run/node";
import { sharedFile } from "~/http/album/share-link-visitor.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * A file through a public link (decision 056): the link, its password and its rights are checked
 * on every request, and nothing is kept by a shared cache, so a revoked link stops at once.
 */
export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  sharedFile(request, params),
);

export const action = methodNotAllowed;
