import { keyed } from "~/models/locale/keyed";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { invitationDecision } from "~/models/access/access.server";
import {
  chosenGroups,
  createInvitations,
  getInvitation,
  invitableGroups,
  listInvitations,
  revokeInvitation,
  type CreateInvitationsResult,
} from "~/models/invitation/invitation.server";
import {
  GROUP_HREF,
  INVITATION_KINDS,
  invitationFormSchemaIn,
  revokeFormSchema,
  type InvitationKind,
  type InviteWizardState,
} from "~/models/invitation/invitation.schema";
import { invitationRowView, invitationsSentMessage } from "~/models/invitation/invitation.view";
import type { Viewer } from "~/models/user/user.schema";
import { publicOrigin } from "../origin.server";
import type { FormReplyBody } from "../error";
import { LINKS } from "~/utils/links";
import { apiError, errorResponse, NO_RESOURCE_MESSAGE } from "../http.server";
import { requireViewer } from "../session.server";
import {
  checkSubmission,
  conformReply,
  formReply,
  formValues,
  readBody,
  readForm,
  type SubmittedValues,
} from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireAllowed } from "~/http/session.server";
import { localeOf } from "../locale/locale.server";

/*
 * The invite wizard and the invitations manager (spec 002, decision 037): their data and their
 * forms, post/redirect/get. Without the inviteUsers capability both pages answer as an address
 * that does not exist.
 */

/** An inviter's own account, or the answer of an address where nothing is. */
export const requireInviterPage = (request: Request): Promise<Viewer> =>
  requireAllowed(request, invitationDecision);

/** The same for the API: without the capability, the API's own "no resource here". */
export async function requireInviterApi(request: Request): Promise<Viewer> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const decision = await invitationDecision(viewer);
  if (decision.allowed) return viewer;
  if (decision.problem.kind === "not-found") throw apiError(request, 404, NO_RESOURCE_MESSAGE);
  throw errorResponse(request, decision.problem);
}

const NO_STORE = { "Cache-Control": "no-store" };

/* ---------- the wizard ---------- */

export async function invitePageData(request: Request) {
  const viewer = await requireInviterPage(request);
  const url = new URL(request.url);
  const query = url.searchParams.get("q") ?? "";
  const createdId = Number(url.searchParams.get("created"));
  const created =
    Number.isSafeInteger(createdId) && createdId > 0
      ? invitationRowView(await getInvitation(viewer, createdId), publicOrigin(request))
      : null;
  return json(
    { created, query, results: await invitableGroups(viewer, query) },
    { headers: NO_STORE },
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === "string",
  );

function groupIdsOf(values: SubmittedValues): number[] {
  return list(values.groups).flatMap((href) => {
    const match = GROUP_HREF.exec(href);
    return match ? [Number(match[1])] : [];
  });
}

async function wizardState(
  viewer: Viewer,
  values: SubmittedValues,
  step: InviteWizardState["step"],
  groupIds: number[],
): Promise<InviteWizardState> {
  const kind = text(values.kind);
  const query = text(values.query).slice(0, 100);
  return {
    step,
    kind: (INVITATION_KINDS as readonly string[]).includes(kind)
      ? (kind as InvitationKind)
      : "user",
    emails: text(values.emails),
    organizationDomain: text(values.organizationDomain),
    message: text(values.message),
    description: text(values.description),
    expires: text(values.expires),
    groups: await chosenGroups(viewer, [...new Set(groupIds)]),
    query,
    results: step === "groups" ? await invitableGroups(viewer, query) : [],
  };
}

const RECIPIENT_FIELDS = new Set([
  "kind",
  "emails",
  "organizationDomain",
  "message",
  "description",
  "expires",
]);

/**
 * One form, several buttons (intent): next and back move between the steps, search, add:<id> and
 * remove:<id> work the group step without JavaScript, invite creates. Each answer but the last is
 * the wizard's next state; a refusal is the one form reply (400) with every error by its field,
 * read by Conform's parseWithZod as the wizard (a Conform form) checks it in the browser.
 */
export async function invitePageAction(request: Request) {
  const viewer = await requireInviterPage(request);
  const form = await readForm(request);
  const values = formValues(form);
  const intent = text(values.intent);
  let groupIds = groupIdsOf(values);

  if (intent === "back")
    return json(
      { wizard: await wizardState(viewer, values, "recipients", groupIds) },
      {
        headers: NO_STORE,
      },
    );

  const submission = parseWithZod(form, {
    schema: invitationFormSchemaIn((await localeOf(request)).timeZone),
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") {
    const recipientsWrong = Object.keys(submission.error ?? {}).some((f) =>
      RECIPIENT_FIELDS.has(f),
    );
    // Back to the step whose fields are wrong, every error shown by its field.
    const state = await wizardState(
      viewer,
      values,
      intent === "next" || recipientsWrong ? "recipients" : "groups",
      groupIds,
    );
    return wizardReply(state, await conformReply(request, submission, { values }));
  }

  if (intent.startsWith("add:")) groupIds = [...groupIds, Number(intent.slice(4))];
  if (intent.startsWith("remove:"))
    groupIds = groupIds.filter((id) => id !== Number(intent.slice(7)));
  if (intent !== "invite")
    return json(
      { wizard: await wizardState(viewer, values, "groups", groupIds) },
      {
        headers: NO_STORE,
      },
    );

  const created = await createInvitations(viewer, submission.value, publicOrigin(request));
  if (!created.ok)
    return wizardReply(
      await wizardState(viewer, values, "groups", groupIds),
      await conformReply(request, submission, { values, fieldErrors: created.fieldErrors }),
    );
  return afterInvite(request, created);
}

/** The one form reply (400, every error by its field), with the wizard's state beside it. */
async function wizardReply(state: InviteWizardState, reply: Response) {
  const body = (await reply.json()) as FormReplyBody;
  return json({ ...body, wizard: state }, { status: reply.status, headers: NO_STORE });
}

function afterInvite(request: Request, created: Extract<CreateInvitationsResult, { ok: true }>) {
  if (created.kind === "user")
    return redirectWithToast(request, LINKS.adminInvitations, {
      message: invitationsSentMessage(created.invitations.length),
    });
  return redirectWithToast(request, `${LINKS.adminInvite}?created=${created.invitations[0]!.id}`, {
    message: keyed("people.invite.created"),
  });
}

/* ---------- the manager ---------- */

export async function invitationsPageData(request: Request) {
  const viewer = await requireInviterPage(request);
  const origin = publicOrigin(request);
  const invitations = (await listInvitations(viewer)).map((i) => invitationRowView(i, origin));
  const revoke = Number(new URL(request.url).searchParams.get("revoke"));
  return json(
    { invitations, confirmRevoke: Number.isSafeInteger(revoke) && revoke > 0 ? revoke : null },
    { headers: NO_STORE },
  );
}

export async function invitationsPageAction(request: Request) {
  const viewer = await requireInviterPage(request);
  const submission = await checkSubmission(
    await readBody(request, { json: false }),
    revokeFormSchema,
  );
  if (!submission.ok) return formReply(request, submission);
  const revoked = await revokeInvitation(viewer, submission.data.id);
  return redirectWithToast(request, LINKS.adminInvitations, {
    message: revoked.email
      ? keyed("people.invitations.revoked.user", { email: revoked.email })
      : revoked.organizationDomain
        ? keyed("people.invitations.revoked.organization", { domain: revoked.organizationDomain })
        : keyed("people.invitations.revoked.link"),
  });
}
