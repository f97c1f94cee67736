import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { acceptPolicy, cookieConsentResource } from "~/http/cookie-consent.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { acceptsType } from "~/http/negotiate";
import { readSubmission } from "~/http/submission.server";
import { safeRedirect } from "~/http/redirect";

/* GET: the banner and policy. POST: accept the current policy (a form post, with or without JS). */
export const loader = apiHandler(async () =>
  apiJson(await cookieConsentResource(), "application/json"),
);

const acceptSchema = z.object({
  version: z.string().min(1).max(100),
  to: z.string().max(2048).optional(),
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const parsed = await readSubmission(request, acceptSchema, { json: false });
  if (!parsed.ok)
    return apiError(request, 400, "The consent form is incomplete. Reload the page and try again.");
  const cookie = await acceptPolicy(request, parsed.data.version);
  if (!cookie)
    return apiError(
      request,
      409,
      "The cookie policy has changed. Reload the page to read the current one.",
    );
  const headers = { "Set-Cookie": cookie };
  // fetcher posts (JavaScript on) take JSON; a plain form post goes back to its page.
  const fromScript =
    new URL(request.url).searchParams.has("_data") || acceptsType(request, "application/json");
  if (fromScript) return apiJson({ accepted: true }, "application/json", { headers });
  return new Response(null, {
    status: 303,
    headers: { ...headers, Location: safeRedirect(parsed.data.to) },
  });
});
