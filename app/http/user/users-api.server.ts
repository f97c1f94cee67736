import { userAdministrationDecision } from "~/models/access/access.server";
import { Problem } from "~/models/problem/problem";
import {
  changesOfBody,
  normalizeUserBody,
  userBodySchema,
  userIdOfHref,
  type UserBodyMode,
  type UserChanges,
} from "~/models/user/user-admin.schema";
import { USER_NOT_FOUND, type ManagedUser } from "~/models/user/users-admin.server";
import { userApiView } from "~/models/user/user.view";
import type { Viewer } from "~/models/user/user.schema";
import { apiError, apiJson, HttpError, NO_RESOURCE_MESSAGE } from "../http.server";
import { acceptsType } from "../negotiate";
import { getSession, getViewer, requireViewer } from "../session.server";
import { checkSubmission, formReply, readBody, type Submission } from "../submission.server";

type Params = Record<string, string | undefined>;

/*
 * The users API's shared steps (decision 034): the gate (whoever lacks manageUsers gets exactly
 * the 404 of an address with no resource), the id in the path, and reading a user body into the
 * model's changes with every field's message at once.
 */

export const USER_TYPE = "application/json";
/** The spec's client lists users as {count, data, paging} under this type (002 section 7). */
export const USER_LIST_TYPE = "application/vnd.fotoware.user-list+json";

/** A manager of people, or the 404 every unknown API address answers. */
export async function requireUserManagerApi(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  const decision = await userAdministrationDecision(viewer);
  if (!decision.allowed) throw apiError(request, 404, NO_RESOURCE_MESSAGE);
  return decision.value;
}

/** The same gate for the pages: the 404 page of an address with nothing at it. */
export async function requireUserManagerPage(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  const decision = await userAdministrationDecision(viewer);
  // An HttpError, not an answer, so the page handler reads a keyed refusal in the page's language.
  if (!decision.allowed) throw new HttpError(404, decision.problem.message);
  // An administrator who must change their password does that first, as on every page.
  if (viewer?.forcePasswordChange) await requireViewer(request);
  return decision.value;
}

/** The user id of the path; anything else is a user that does not exist. */
export function userIdParam(params: Params, name = "id"): number {
  const id = userIdOfHref(params[name] ?? "");
  if (id === null) throw new Problem("not-found", USER_NOT_FOUND);
  return id;
}

/** A group id of the path (member-of/{group}). */
export function groupIdParam(params: Params): number {
  const value = params.group ?? "";
  if (!/^\d{1,9}$/.test(value)) throw new Problem("not-found", "There is no group with this id.");
  return Number(value);
}

export type UserBodyResult =
  { ok: true; changes: UserChanges; revision?: number } | { ok: false; response: Response };

/** Reads a user body (JSON, or a form named the same way) and checks it for the mode. */
export async function readUserBody(request: Request, mode: UserBodyMode): Promise<UserBodyResult> {
  const values = normalizeUserBody(await readBody(request));
  const submission = await checkSubmission(values, userBodySchema(mode));
  return userBodyResult(request, submission);
}

async function userBodyResult(
  request: Request,
  submission: Submission<ReturnType<ReturnType<typeof userBodySchema>["parse"]>>,
): Promise<UserBodyResult> {
  if (!submission.ok) return { ok: false, response: await formReply(request, submission) };
  const revision = submission.data.revision;
  return {
    ok: true,
    changes: changesOfBody(submission.data),
    ...(revision !== undefined ? { revision } : {}),
  };
}

/** The If-Match revision, when a client sends one ("3" or W/"3"). */
export function ifMatchRevision(request: Request): number | undefined {
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(request.headers.get("if-match")?.trim() ?? "");
  return match ? Number(match[1]) : undefined;
}

export async function currentSessionId(request: Request): Promise<string | undefined> {
  const session = await getSession(request);
  return session.id || undefined;
}

export function userAnswer(user: ManagedUser, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("ETag", `"${user.record.revision}"`);
  headers.set("Cache-Control", "no-store");
  return apiJson(userApiView(user.record, user.actions), USER_TYPE, { ...init, headers });
}

export const noContent = () => new Response(null, { status: 204 });

/** The list's representation: the spec's {count, data, paging} when asked for, else the array. */
export const wantsUserList = (request: Request) => acceptsType(request, USER_LIST_TYPE);
