import type { LoaderFunctionArgs } from "@remix-run/node";
import { directoryResponse } from "~/http/group/directory-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/users/public/all: the users a member picker offers, paged (decision 039). */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  directoryResponse(request, "user"),
);

export const action = methodNotAllowed;
