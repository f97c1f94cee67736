import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUserManagerApi } from "~/http/user/users-api.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { userCountQuerySchema } from "~/models/user/user-admin.schema";
import { countUsers } from "~/models/user/users-admin.server";

/* GET /fotoweb/api/users/count: {value}, with the reference's license and SSO filters. */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const query = userCountQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success) {
    const issue = query.error.issues[0]!;
    return apiError(request, 400, `${issue.path.join(".")}: ${issue.message}`);
  }
  return apiJson({ value: await countUsers(viewer, query.data) }, "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = methodNotAllowed;
