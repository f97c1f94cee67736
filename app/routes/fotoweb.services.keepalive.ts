import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer, touchSession } from "~/http/session.server";

/* The descriptor's services.keepalive: extends the session's idle time. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireViewer(request);
  const cookie = await touchSession(request);
  return apiJson({ alive: true }, "application/json", {
    headers: { "Cache-Control": "no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) },
  });
});

export const action = methodNotAllowed;
