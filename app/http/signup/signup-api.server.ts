import { onePage } from "~/utils/paging";
import { LINKS } from "~/utils/links";
import {
  approveSignup,
  getPendingSignup,
  listPendingSignups,
  pendingSignupCount,
  rejectSignup,
  updateSignupDetails,
} from "~/models/signup/signup.server";
import { signupApprovalSchema, signupPatchSchema } from "~/models/signup/signup.schema";
import {
  SIGNUP_COUNT_TYPE,
  SIGNUP_LIST_TYPE,
  SIGNUP_TYPE,
  signupView,
} from "~/models/signup/signup.view";
import { apiJson, HttpError } from "../http.server";
import { formReply, readSubmission } from "../submission.server";
import { mailContext, requireSignupApprover } from "./signup.server";

/*
 * The sign-up API (spec 002 section 7, decision 036): the pending list and its count, a sign-up's
 * href with GET and PATCH, and the custom methods APPROVE and REJECT on it. Node's HTTP parser
 * refuses methods it does not know before any code runs, so they travel as POST with
 * X-HTTP-Method-Override (or ?method=), as clients that cannot send custom methods do anyway.
 */

export const SIGNUP_METHODS = ["APPROVE", "REJECT"] as const;
export type SignupMethod = (typeof SIGNUP_METHODS)[number];

export async function signupListAnswer(request: Request) {
  await requireSignupApprover(request);
  const signups = await listPendingSignups();
  return apiJson(
    { count: signups.length, data: signups.map(signupView), paging: onePage(LINKS.apiSignups) },
    SIGNUP_LIST_TYPE,
  );
}

export async function signupCountAnswer(request: Request) {
  await requireSignupApprover(request);
  const count = await pendingSignupCount();
  return apiJson({ signupCount: count, count }, SIGNUP_COUNT_TYPE);
}

export async function signupAnswer(request: Request, id: string) {
  await requireSignupApprover(request);
  return apiJson(signupView(await getPendingSignup(id)), SIGNUP_TYPE);
}

export async function patchSignupAnswer(request: Request, id: string) {
  await requireSignupApprover(request);
  await getPendingSignup(id);
  const submission = await readSubmission(request, signupPatchSchema);
  if (!submission.ok) return formReply(request, submission);
  const updated = await updateSignupDetails(id, submission.data);
  return apiJson(signupView(updated), SIGNUP_TYPE);
}

/** APPROVE {groups} or REJECT on a sign-up's href: 204, the sign-up leaves the pending list. */
export async function decideSignupAnswer(request: Request, id: string, method: string) {
  const approver = await requireSignupApprover(request);
  if (!(SIGNUP_METHODS as readonly string[]).includes(method))
    throw new HttpError(405, `${method} is not supported here; use APPROVE or REJECT.`, {
      headers: { Allow: "GET, HEAD, PATCH, POST" },
    });
  await getPendingSignup(id);
  if (method === "REJECT") {
    await rejectSignup(approver, id, await mailContext(request));
    return new Response(null, { status: 204 });
  }
  const hasBody = request.headers.get("content-length") !== "0" && request.body !== null;
  const submission = hasBody
    ? await readSubmission(request, signupApprovalSchema)
    : ({ ok: true, data: { groups: [] }, values: {} } as const);
  if (!submission.ok) return formReply(request, submission);
  await approveSignup(approver, id, submission.data.groups, await mailContext(request));
  return new Response(null, { status: 204 });
}
