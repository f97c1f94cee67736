import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { acceptPolicy, cookieConsentResource } from "~/http/cookie-consent.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { readerTranslatorFor, translatorFor } from "~/http/locale/locale.server";
import { acceptsType } from "~/http/negotiate";
import { readSubmission } from "~/http/submission.server";
import { safeRedirect } from "~/http/redirect";
import { redirectWithToast } from "~/http/toast.server";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";

/* GET: the banner and policy. POST: accept the current policy (a form post, with or without JS). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  apiJson(await cookieConsentResource(request), "application/json"),
);

const acceptSchema = z.object({
  version: z.string().min(1).max(100),
  to: z.string().max(2048).optional(),
  _fetch: z.literal("1").optional(),
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  // The banner's fetcher (JavaScript on) takes JSON and shows a refusal in the person's
  // language; a program takes JSON in English; a plain form post goes back to its page.
  const parsed = await readSubmission(request, acceptSchema, { json: false });
  const fromBanner = parsed.values._fetch === "1";
  const fromScript = fromBanner || acceptsType(request, "application/json");
  const back = safeRedirect(typeof parsed.values.to === "string" ? parsed.values.to : undefined);
  const refuse = async (status: 400 | 409, id: MessageId) => {
    if (!fromScript) return redirectWithToast(request, back, { kind: "error", message: keyed(id) });
    const t = fromBanner ? await translatorFor(request) : await readerTranslatorFor(request);
    return apiError(request, status, t(id));
  };
  if (!parsed.ok) return refuse(400, "common.cookies.incomplete");
  const cookie = await acceptPolicy(request, parsed.data.version);
  if (!cookie) return refuse(409, "common.cookies.stale");
  const headers = { "Set-Cookie": cookie };
  if (fromScript) return apiJson({ accepted: true }, "application/json", { headers });
  return new Response(null, { status: 303, headers: { ...headers, Location: back } });
});
