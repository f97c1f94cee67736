import { keyedResolverFor } from "../locale/locale.server";
import { json } from "@remix-run/node";
import {
  signupDetailsFormSchema,
  signupFormSchema,
  signupSettingsFormSchema,
  signupSettingsFromForm,
  fieldRowsFromValues,
} from "~/models/signup/signup.schema";
import {
  approveSignup,
  assignableGroups,
  getPendingSignup,
  listPendingSignups,
  rejectSignup,
  submitSignup,
  updateSignupDetails,
} from "~/models/signup/signup.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site/site.server";
import { isProblem } from "~/models/problem/problem";
import { LINKS } from "~/utils/links";
import { checkSubmission, formReply, readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireSiteSettingsPermission } from "../site-permission.server";
import { mailContext, requireSignupApprover, requireSignupsOpen } from "./signup.server";
import { keyed } from "~/models/locale/keyed";

/*
 * The sign-up pages (decision 036): the public form, the approver's pending list with its details,
 * approve and reject forms, and the site owner's editor of the setting and the extra fields. Every
 * action is a plain form post that redirects with a toast.
 */

const NO_STORE = { headers: { "Cache-Control": "no-store" } };

export async function signupPageData(request: Request) {
  const { signups, siteName } = await requireSignupsOpen();
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return json({ fields: signups.fields, siteName, sent }, NO_STORE);
}

export async function signupPageAction(request: Request) {
  const { signups } = await requireSignupsOpen();
  const values = await readBody(request, { json: false });
  const submission = await checkSubmission(values, signupFormSchema(signups.fields));
  if (!submission.ok) return formReply(request, submission);
  const outcome = await submitSignup(submission.data, await mailContext(request));
  if (!outcome.ok) return formReply(request, { fieldErrors: outcome.fieldErrors, values });
  return redirectWithToast(request, `${LINKS.signup}?sent=1`, {
    kind: "info",
    message: keyed("people.signup.toast.received"),
  });
}

export async function pendingSignupsData(request: Request) {
  await requireSignupApprover(request);
  const url = new URL(request.url);
  const { signups } = await getSiteSettings();
  const chosen = async (name: string) => {
    const id = url.searchParams.get(name);
    return id === null ? null : getPendingSignup(id);
  };
  const [pending, details, approve, reject, groups] = await Promise.all([
    listPendingSignups(),
    chosen("details"),
    chosen("approve"),
    chosen("reject"),
    signups.adminCanAssignGroups ? assignableGroups() : Promise.resolve([]),
  ]);
  return json(
    {
      pending,
      fields: signups.fields,
      canAssignGroups: signups.adminCanAssignGroups,
      groups,
      details,
      approve,
      reject,
    },
    NO_STORE,
  );
}

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === "string",
  );

export async function pendingSignupsAction(request: Request) {
  const approver = await requireSignupApprover(request);
  const values = await readBody(request, { json: false });
  const id = typeof values.id === "string" ? values.id : "";
  const signup = await getPendingSignup(id);
  const name = `${signup.firstName} ${signup.lastName}`.trim() || signup.username;
  const done = (message: string) => redirectWithToast(request, LINKS.adminSignups, { message });
  if (values.intent === "details") {
    const { fields } = (await getSiteSettings()).signups;
    const submission = await checkSubmission(values, signupDetailsFormSchema(fields));
    if (!submission.ok) return formReply(request, submission);
    const saved = await updateSignupDetails(id, submission.data);
    return done(
      keyed("people.signups.toast.details", {
        name: `${saved.firstName} ${saved.lastName}`.trim(),
      }),
    );
  }
  if (values.intent === "reject") {
    await rejectSignup(approver, id, await mailContext(request));
    return done(keyed("people.signups.toast.rejected", { name }));
  }
  if (values.intent === "approve") {
    try {
      await approveSignup(approver, id, list(values.groups), await mailContext(request));
    } catch (error) {
      if (!isProblem(error) || (error.kind !== "conflict" && error.kind !== "invalid")) throw error;
      const status = error.kind === "conflict" ? 409 : 400;
      // One sentence of several messages: each read in the page's language before they join.
      const read = await keyedResolverFor(request);
      return formReply(request, {
        status,
        formError: [error.message, ...(error.details.messages ?? [])].map(read).join(" "),
        fieldErrors: error.kind === "invalid" ? { groups: error.message } : {},
      });
    }
    return done(keyed("people.signups.toast.approved", { name }));
  }
  return formReply(request, { formError: keyed("people.signups.error.chooseIntent") });
}

export async function signupFieldsData(request: Request) {
  await requireSiteSettingsPermission(request);
  const { signups } = await getSiteSettings();
  return json({ settings: signups }, NO_STORE);
}

export async function signupFieldsAction(request: Request) {
  await requireSiteSettingsPermission(request);
  const posted = await readBody(request, { json: false });
  const submission = await checkSubmission(fieldRowsFromValues(posted), signupSettingsFormSchema);
  // Shown again as posted (flat), so no edit is lost to an error elsewhere in the form.
  if (!submission.ok) return formReply(request, { ...submission, values: posted });
  await updateSiteSettings({ signups: signupSettingsFromForm(submission.data) });
  return redirectWithToast(request, LINKS.adminSignupFields, {
    message: keyed("people.signupFields.saved"),
  });
}
