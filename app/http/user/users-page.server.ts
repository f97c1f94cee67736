import { json, redirect } from "@remix-run/node";
import { isProblem, Problem } from "~/models/problem/problem";
import { LICENSE_LEVELS, LICENSE_MODES } from "~/models/user/license";
import {
  changesOfBody,
  gridColumnsSchema,
  normalizeUserBody,
  unflatten,
  USER_GRID_COLUMNS,
  userBodySchema,
  userListQuerySchema,
  visibleColumns,
  bulkDialogSchema,
  type BulkChanges,
  type BulkDialogInput,
  type UserRecord,
} from "~/models/user/user-admin.schema";
import {
  assertGrantable,
  changeMemberships,
  directGroups,
  groupChoices,
  bulkDeleteUsers,
  bulkEditUsers,
  createManagedUser,
  deleteManagedUser,
  getManagedUser,
  listUsers,
  managedUsers,
  resetDeviceTokens,
  setSiteOwner,
  updateManagedUser,
  USER_EXISTS,
  type ManagedUser,
} from "~/models/user/users-admin.server";
import { userRowView } from "~/models/user/user.view";
import { updatePreferences } from "~/models/user/user.server";
import type { UserActions } from "~/models/access/access.server";
import { BULK_KINDS, gridReturn, selectionOf, USER_LINKS, type BulkKind } from "~/utils/user-links";
import { checkSubmission, formReply, readBody, type SubmittedValues } from "../submission.server";
import { readReveal, revealCookie } from "../reveal.server";
import { redirectWithToast } from "../toast.server";
import { currentSessionId, requireUserManagerPage } from "./users-api.server";
import { keyed } from "~/models/locale/keyed";

/*
 * The users pages (decision 034): the grid, the editor, the bulk dialogs and the site-owner
 * transfer, each a plain form that posts and redirects with a toast; a refusal shows every
 * field's message at once with 400 (409 for an existing username, a stale save or no seats).
 */

const NO_STORE = { "Cache-Control": "no-store" };

const summary = ({ record }: ManagedUser) => ({
  id: record.id,
  username: record.username,
  fullName: record.fullName,
});

// --- the grid ----------------------------------------------------------------------------------

export async function usersGridData(request: Request) {
  const viewer = await requireUserManagerPage(request);
  const url = new URL(request.url);
  const query = userListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const selectedIds = selectionOf(url.searchParams);
  const deleteId = Number(url.searchParams.get("delete") ?? NaN);
  const [page, selected, toDelete] = await Promise.all([
    listUsers(viewer, query),
    managedUsers(viewer, selectedIds),
    Number.isSafeInteger(deleteId) ? managedUsers(viewer, [deleteId]) : Promise.resolve([]),
  ]);
  const confirm = toDelete.find((u) => u.actions.delete);
  return json(
    {
      rows: page.users.map((u) => userRowView(u.record, u.actions)),
      count: page.count,
      page: page.page,
      lastPage: page.lastPage,
      query,
      selected: selected.map(summary),
      columns: visibleColumns(viewer.preferences.shared),
      confirmDelete: confirm ? summary(confirm) : null,
    },
    { headers: NO_STORE },
  );
}

export async function usersGridAction(request: Request) {
  const viewer = await requireUserManagerPage(request);
  const values = await readBody(request, { json: false });
  const back = gridReturn(values.back);
  if (values.intent === "columns") {
    const submission = await checkSubmission(values, gridColumnsSchema);
    if (!submission.ok) return formReply(request, submission);
    const visible = new Set<string>(submission.data.columns);
    await updatePreferences(viewer.id, (p) => ({
      ...p,
      shared: {
        ...p.shared,
        userGridSettings: {
          columns: USER_GRID_COLUMNS.map((c) => ({ fieldName: c, isVisible: visible.has(c) })),
        },
      },
    }));
    return redirectWithToast(request, back, { message: keyed("people.toast.columnsSaved") });
  }
  if (values.intent === "delete") {
    const id = Number(values.id);
    const removed = await deleteManagedUser(viewer, Number.isSafeInteger(id) ? id : 0);
    return redirectWithToast(request, withoutSelected(back, [removed.id]), {
      message: keyed("people.toast.userDeleted", { username: removed.username }),
    });
  }
  throw new Problem("invalid", keyed("people.error.chooseIntent"));
}

function withoutSelected(back: string, ids: number[]): string {
  const url = new URL(back, "http://arkiv.invalid");
  const kept = url.searchParams.getAll("sel").filter((s) => !ids.includes(Number(s)));
  url.searchParams.delete("sel");
  url.searchParams.delete("delete");
  for (const id of kept) url.searchParams.append("sel", id);
  return `${url.pathname}${url.search}`;
}

// --- the bulk dialogs --------------------------------------------------------------------------

/** Which action flag each dialog needs (spec 002 section 6). */
export const BULK_NEEDS: Record<BulkKind, keyof UserActions> = {
  company: "update",
  license: "updateLicense",
  access: "updateAccountStatus",
  expiry: "updateAccountStatus",
  delete: "delete",
};

function bulkKind(value: unknown): BulkKind {
  if (typeof value === "string" && (BULK_KINDS as readonly string[]).includes(value))
    return value as BulkKind;
  throw new Problem("not-found", keyed("common.error.notFound"));
}

export async function bulkData(request: Request) {
  const viewer = await requireUserManagerPage(request);
  const url = new URL(request.url);
  const kind = bulkKind(url.searchParams.get("kind"));
  const users = await managedUsers(viewer, selectionOf(url.searchParams));
  const need = BULK_NEEDS[kind];
  const back = new URL(request.url);
  back.pathname = USER_LINKS.grid;
  back.searchParams.delete("kind");
  return json(
    {
      kind,
      applicable: users.filter((u) => u.actions[need]).map(summary),
      skipped: users.filter((u) => !u.actions[need]).map(summary),
      back: gridReturn(`${back.pathname}${back.search}`),
    },
    { headers: NO_STORE },
  );
}

function bulkChanges(v: BulkDialogInput): BulkChanges {
  switch (v.kind) {
    case "company":
      return { organization: v.company ?? "" };
    case "license":
      return {
        ...(v.licenseLevel
          ? { licenseLevel: LICENSE_LEVELS[v.licenseLevel as keyof typeof LICENSE_LEVELS] }
          : {}),
        ...(v.licenseMode
          ? { licenseMode: LICENSE_MODES[v.licenseMode as keyof typeof LICENSE_MODES] }
          : {}),
      };
    case "access":
      return { isEnabled: v.isEnabled === "true" };
    default:
      return { expires: v.expires ? `${v.expires}T23:59:59.000Z` : null };
  }
}

export async function bulkAction(request: Request) {
  const viewer = await requireUserManagerPage(request);
  const values = await readBody(request, { json: false });
  const back = gridReturn(values.back);
  const submission = await checkSubmission(values, bulkDialogSchema);
  if (!submission.ok) return formReply(request, submission);
  const data = submission.data;
  const ids = data.users.map(Number);
  try {
    const result =
      data.kind === "delete"
        ? await bulkDeleteUsers(viewer, ids)
        : await bulkEditUsers(viewer, ids, bulkChanges(data));
    const counts = { count: result.changed.length, skipped: result.skipped.length };
    const to = data.kind === "delete" ? withoutSelected(back, ids) : back;
    return redirectWithToast(request, to, {
      message:
        data.kind === "delete"
          ? keyed("people.toast.bulkDeleted", counts)
          : keyed("people.toast.bulkUpdated", counts),
    });
  } catch (error) {
    if (isProblem(error) && error.kind === "conflict")
      return formReply(request, { formError: error.message, values, status: 409 });
    throw error;
  }
}

// --- the site owner ----------------------------------------------------------------------------

export async function siteOwnerData(request: Request) {
  // Right after the transfer the old owner may no longer manage users: the notice rides in a
  // signed one-time cookie that only this page receives, so it needs no gate.
  const { reveal, setCookie } = await readReveal(request, USER_LINKS.siteOwner);
  if (reveal?.kind === "siteOwnerChanged")
    return json(
      { changed: reveal.name, user: null },
      { headers: { ...NO_STORE, ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
    );
  const viewer = await requireUserManagerPage(request);
  const id = Number(new URL(request.url).searchParams.get("user") ?? NaN);
  const user = await getManagedUser(viewer, Number.isSafeInteger(id) ? id : 0);
  if (!user.actions.setNewSiteOwner)
    throw new Problem(
      "forbidden",
      viewer.isSiteOwner
        ? keyed("people.error.notSiteOwnerCandidate", { username: user.record.username })
        : keyed("people.error.onlySiteOwner"),
    );
  return json({ changed: null, user: summary(user) }, { headers: NO_STORE });
}

/** Hands the site over; the page it redirects to shows the notice whose OK logs out (spec 002). */
export async function siteOwnerAction(request: Request) {
  const viewer = await requireUserManagerPage(request);
  const values = await readBody(request, { json: false });
  const id = Number(values.user);
  const record = await setSiteOwner(viewer, Number.isSafeInteger(id) ? id : 0);
  const cookie = await revealCookie(request, USER_LINKS.siteOwner, {
    kind: "siteOwnerChanged",
    clientId: "",
    name: record.username,
    value: "",
  });
  return redirect(`${USER_LINKS.siteOwner}?changed=1`, { headers: { "Set-Cookie": cookie } });
}

// --- the editor --------------------------------------------------------------------------------

/** The editor's fields as the form names them, from a record (or the new-user defaults). */
export function editorValues(record: UserRecord | null): Record<string, string | boolean> {
  const r = record;
  const values: Record<string, string | boolean> = {
    username: r?.username ?? "",
    description: r?.description ?? "",
    "address.givenName": r?.firstName ?? "",
    "address.surname": r?.lastName ?? "",
    "address.email": r?.email ?? "",
    "address.organization": r?.organization ?? "",
    "account.isEnabled": r?.isEnabled ?? true,
    "account.forcePasswordChange": r?.forcePasswordChange ?? false,
    "account.expires": r?.expires ? r.expires.slice(0, 10) : "",
    "license.level":
      Object.entries(LICENSE_LEVELS).find(([, v]) => v === (r?.licenseLevel ?? 35))?.[0] ??
      "Contributor",
    "license.mode": r?.licenseMode === 1 ? "Concurrent" : "Named",
    "commerce.accountId": r?.commerce.accountId ?? "",
    "commerce.category": r?.commerce.category ?? "",
    "commerce.discount": String(r?.commerce.discount ?? 0),
    "commerce.paymentMethod": String(r?.commerce.paymentMethod ?? 1),
  };
  const a = r?.address;
  for (const key of [
    "title",
    "middleName",
    "profession",
    "businessType",
    "city",
    "state",
    "zipCode",
    "country",
    "phone",
    "fax",
    "homepage",
  ] as const)
    values[`address.${key}`] = a?.[key] ?? "";
  for (let i = 0; i < 4; i++) values[`address.streetAddress[${i}]`] = a?.streetAddress[i] ?? "";
  return values;
}

const NEW_USER_ACTIONS: UserActions = {
  update: true,
  updateAccountStatus: true,
  updateLicense: true,
  delete: false,
  setNewSiteOwner: false,
  updateMemberships: true,
  resetDeviceTokens: false,
  updatePassword: true,
};

export async function editorData(request: Request, id: number | null) {
  const viewer = await requireUserManagerPage(request);
  const user = id === null ? null : await getManagedUser(viewer, id);
  const [groups, memberOf] = await Promise.all([
    groupChoices(viewer),
    id === null ? Promise.resolve([]) : directGroups(viewer, id),
  ]);
  return json(
    {
      groups,
      memberOf: memberOf.map((g) => g.id),
      id,
      username: user?.record.username ?? null,
      revision: user?.record.revision ?? null,
      isSiteOwner: user?.record.isSiteOwner ?? false,
      isGuest: user?.record.isGuest ?? false,
      lastLoginDate: user?.record.lastLoginDate ?? null,
      hasPassword: user?.record.hasPassword ?? false,
      values: editorValues(user?.record ?? null),
      properties: user?.record.properties ?? [],
      actions: user?.actions ?? NEW_USER_ACTIONS,
    },
    { headers: NO_STORE },
  );
}

/**
 * The memberships the editor asks for, when it showed them and they differ from those held;
 * checked first (unknown groups, rights the viewer may not grant) so a refusal changes nothing.
 */
async function membershipChange(
  viewer: Awaited<ReturnType<typeof requireUserManagerPage>>,
  values: SubmittedValues,
  id: number | null,
): Promise<number[] | null> {
  const shown = ([] as unknown[]).concat(values.shown ?? []);
  if (!shown.includes("memberOf")) return null;
  const wanted = ([] as unknown[])
    .concat(values.memberOf ?? [])
    .filter((v): v is string => typeof v === "string" && /^\d{1,9}$/.test(v))
    .map(Number);
  const held = id === null ? [] : (await directGroups(viewer, id)).map((g) => g.id);
  const same = wanted.length === held.length && wanted.every((g) => held.includes(g));
  if (same) return null;
  if (id === null) await assertGrantable(viewer, wanted);
  else await changeMemberships(viewer, id, { replace: wanted }, { dryRun: true });
  return wanted;
}

/** The checkboxes the editor showed (listed in `shown`): unchecked ones post nothing. */
function withCheckboxes(values: SubmittedValues): SubmittedValues {
  const shown = ([] as unknown[]).concat(values.shown ?? []);
  const out = { ...values };
  for (const name of shown)
    if (typeof name === "string" && /^account\.(isEnabled|forcePasswordChange)$/.test(name))
      out[name] = values[name] === undefined ? "false" : "true";
  return out;
}

export async function editorAction(request: Request, id: number | null) {
  const viewer = await requireUserManagerPage(request);
  const values = withCheckboxes(await readBody(request, { json: false }));
  if (values.intent === "resetDeviceTokens" && id !== null) {
    const record = await resetDeviceTokens(viewer, id, await currentSessionId(request));
    return redirectWithToast(request, USER_LINKS.edit(id), {
      message: keyed("people.toast.tokensReset", { username: record.username }),
    });
  }
  if (id !== null) await getManagedUser(viewer, id);
  const body = normalizeUserBody(unflatten(values));
  const submission = await checkSubmission(
    body,
    userBodySchema(id === null ? "create" : "replace"),
  );
  if (!submission.ok) return formReply(request, { ...submission, values });
  const changes = changesOfBody(submission.data);
  try {
    const memberOf = await membershipChange(viewer, values, id);
    if (id === null) {
      const created = await createManagedUser(viewer, changes);
      if (memberOf) await changeMemberships(viewer, created.record.id, { replace: memberOf });
      return redirectWithToast(request, gridReturn(values.back), {
        message: keyed("people.toast.userAdded", { username: created.record.username }),
      });
    }
    const saved = await updateManagedUser(viewer, id, changes, {
      revision: submission.data.revision,
      keepSessionId: await currentSessionId(request),
    });
    // Memberships need no revision: the editor sends the whole set, which is what it shows.
    if (memberOf) await changeMemberships(viewer, id, { replace: memberOf });
    return redirectWithToast(request, gridReturn(values.back), {
      message: keyed("people.toast.userSaved", { username: saved.record.username }),
    });
  } catch (error) {
    if (!isProblem(error) || !["conflict", "forbidden", "invalid"].includes(error.kind))
      throw error;
    const status = error.kind === "conflict" ? 409 : error.kind === "forbidden" ? 403 : 400;
    if (error.message === USER_EXISTS)
      return formReply(request, {
        fieldErrors: { username: keyed("people.validation.userExists") },
        values,
        status,
      });
    return formReply(request, { formError: error.message, values, status });
  }
}
