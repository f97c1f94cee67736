import { json } from "@remix-run/node";
import { groupActions, peopleDecision } from "~/models/access/access.server";
import {
  changeGroupEdges,
  changeUserMembers,
  createGroup,
  deleteGroup,
  getGroup,
  GROUP_EXISTS,
  groupMembers,
  listGroups,
  memberOf,
  searchGroups,
  searchUsers,
  updateGroup,
  userMembers,
  type Group,
  type MemberUser,
} from "~/models/group/group.server";
import {
  GROUP_COLUMNS,
  GROUP_PAGE_SIZE,
  groupColumnsSchema,
  groupFormToInput,
  groupInputSchema,
  groupListQuerySchema,
  MEMBERS_PAGE_SIZE,
  type GroupColumn,
} from "~/models/group/group.schema";
import { groupEditorPath, groupView, pagingLinks } from "~/models/group/group.view";
import { isProblem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { updatePreferences } from "~/models/user/user.server";
import { LINKS } from "~/utils/links";
import { checkSubmission, formReply, readBody, type SubmittedValues } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { keyed } from "~/models/locale/keyed";
import { requireAllowed } from "~/http/session.server";

/*
 * The groups pages (decision 035): the list with its column chooser, search, paging and
 * expandable members, and the group editor's three tabs. Every change is a plain form post,
 * post/redirect/get; without manageUsers the pages answer 404 as an unknown address does.
 */

const LIST = LINKS.adminGroups;

export const requireGroupsPage = (request: Request): Promise<Viewer> =>
  requireAllowed(request, peopleDecision);

const memberUser = (u: MemberUser) => ({ id: u.id, username: u.username, fullName: u.fullName });
const memberGroup = (g: Group) => ({ id: g.id, name: g.name });

function visibleColumns(viewer: Viewer): GroupColumn[] {
  const settings = viewer.preferences.shared.groupGridSettings as { columns?: unknown } | undefined;
  const saved = groupColumnsSchema.parse(settings?.columns ?? []);
  const shown = GROUP_COLUMNS.filter(
    (c) => saved.find((s) => s.fieldName === c)?.isVisible ?? true,
  );
  return shown.length > 0 ? shown : [...GROUP_COLUMNS];
}

export async function groupsListData(request: Request) {
  const viewer = await requireGroupsPage(request);
  const url = new URL(request.url);
  const query = groupListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = await listGroups(viewer, query, GROUP_PAGE_SIZE);
  const open = Number(url.searchParams.get("open"));
  const more = Math.min(Math.max(Number(url.searchParams.get("more")) || 1, 1), 100);
  const rows = await Promise.all(
    page.groups.map(async (group) => {
      if (group.isBuiltIn) return { ...groupView(group, groupActions(true, group)), members: null };
      const pageSize = MEMBERS_PAGE_SIZE * (group.id === open ? more : 1);
      const [users, groups] = await Promise.all([
        userMembers(viewer, group.id, { pageSize }),
        groupMembers(viewer, group.id, { pageSize }),
      ]);
      return {
        ...groupView(group, groupActions(true, group)),
        members: {
          users: users.items.map(memberUser),
          groups: groups.items.map(memberGroup),
          hasMore: users.count > users.items.length || groups.count > groups.items.length,
        },
      };
    }),
  );
  const params = new URLSearchParams(url.searchParams);
  for (const key of ["open", "more", "delete"]) params.delete(key);
  const confirmId = Number(url.searchParams.get("delete"));
  const confirm = confirmId ? await getGroup(viewer, confirmId).catch(() => null) : null;
  return json(
    {
      query,
      rows,
      count: page.count,
      page: page.page,
      pages: page.pages,
      paging: pagingLinks(LIST, params, page.page, page.pages),
      listQuery: params.toString(),
      open: open || null,
      more,
      columns: visibleColumns(viewer),
      confirmDelete: confirm && !confirm.isBuiltIn ? memberGroup(confirm) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const LAST_COLUMN = keyed("people.groups.lastColumn");

export async function groupsListAction(request: Request) {
  const viewer = await requireGroupsPage(request);
  const values = await readBody(request, { json: false });
  const back = typeof values.back === "string" && values.back.startsWith("?") ? values.back : "";
  if (values.intent === "columns") {
    const chosen = new Set([values.columns ?? []].flat().map(String));
    const columns = GROUP_COLUMNS.map((c) => ({ fieldName: c, isVisible: chosen.has(c) }));
    if (!columns.some((c) => c.isVisible))
      return formReply(request, { fieldErrors: { columns: LAST_COLUMN }, values });
    await updatePreferences(viewer.id, (p) => ({
      ...p,
      shared: {
        ...p.shared,
        groupGridSettings: { ...(p.shared.groupGridSettings as object), columns },
      },
    }));
    return redirectWithToast(request, LIST + back, {
      message: keyed("people.toast.columnsSaved"),
    });
  }
  if (values.intent === "delete") {
    const removed = await deleteGroup(viewer, Number(values.id));
    return redirectWithToast(request, LIST + back, {
      message: keyed("people.toast.groupDeleted", { name: removed.name }),
    });
  }
  return formReply(request, { formError: keyed("people.error.unknownAction"), values });
}

/* ---------------------------------------------------------------- the editor */

export type EditorTab = "general" | "members" | "properties";

const tabOf = (value: string | null): EditorTab =>
  value === "members" || value === "properties" ? value : "general";

export async function groupEditorData(request: Request, id: number | null) {
  const viewer = await requireGroupsPage(request);
  const url = new URL(request.url);
  const group = id === null ? null : await getGroup(viewer, id);
  const tab = group ? tabOf(url.searchParams.get("tab")) : "general";
  const groupq = (url.searchParams.get("groupq") ?? "").trim().slice(0, 200);
  const userq = (url.searchParams.get("userq") ?? "").trim().slice(0, 200);
  const memberq = (url.searchParams.get("memberq") ?? "").trim().slice(0, 200);
  const chosenMemberOf = group ? (await memberOf(viewer, group.id)).items : [];
  const exclude = [...(group ? [group.id] : []), ...chosenMemberOf.map((g) => g.id)];
  const memberOfResults = groupq ? await searchGroups(viewer, groupq, exclude) : [];
  let members = null;
  if (group && !group.isBuiltIn && tab === "members") {
    const [users, groups] = await Promise.all([
      userMembers(viewer, group.id),
      groupMembers(viewer, group.id),
    ]);
    const userResults = userq
      ? await searchUsers(
          viewer,
          userq,
          users.items.map((u) => u.id),
        )
      : [];
    const groupResults = memberq
      ? await searchGroups(viewer, memberq, [group.id, ...groups.items.map((g) => g.id)])
      : [];
    members = {
      users: users.items.map(memberUser),
      groups: groups.items.map(memberGroup),
      userResults: userResults.map(memberUser),
      groupResults: groupResults.map(memberGroup),
    };
  }
  return json(
    {
      group: group ? groupView(group, groupActions(true, group)) : null,
      tab,
      memberOf: chosenMemberOf.map(memberGroup),
      memberOfResults: memberOfResults.map(memberGroup),
      search: { groupq, userq, memberq },
      members,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const ids = (value: unknown) =>
  [value ?? []]
    .flat()
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** A refusal of the model shown by the field it concerns, with its status. */
function fieldProblem(request: Request, error: unknown, field: string, values: SubmittedValues) {
  if (!isProblem(error) || error.kind === "not-found") throw error;
  const status = { invalid: 400, conflict: 409, forbidden: 403 }[error.kind as string] ?? 400;
  const message =
    error.message === GROUP_EXISTS ? keyed("people.validation.groupExists") : error.message;
  return formReply(request, { fieldErrors: { [field]: message }, values, status });
}

export async function groupEditorAction(request: Request, id: number | null) {
  const viewer = await requireGroupsPage(request);
  const values = await readBody(request, { json: false });
  // The hidden intent and a pressed button's may both be sent: they agree.
  const intent = [values.intent].flat()[0];
  if (id !== null && intent === "members") {
    try {
      await changeUserMembers(viewer, id, {
        add: ids(values.addUser),
        remove: ids(values.removeUser),
      });
    } catch (error) {
      return fieldProblem(request, error, "users", values);
    }
    try {
      await changeGroupEdges(viewer, id, "members", {
        add: ids(values.addGroup),
        remove: ids(values.removeGroup),
      });
    } catch (error) {
      return fieldProblem(request, error, "groups", values);
    }
    return redirectWithToast(request, `${groupEditorPath(id)}?tab=members`, {
      message: keyed("people.toast.membersSaved"),
    });
  }
  if (intent !== "general" && intent !== "properties")
    return formReply(request, { formError: keyed("people.error.unknownAction"), values });
  const current = id === null ? null : await getGroup(viewer, id);
  const input = groupFormToInput(values);
  if (intent === "properties" && current) {
    for (const key of ["name", "description", "license", "permissions"]) delete input[key];
  }
  if (intent === "general" && current) delete input.properties;
  if (current?.isBuiltIn) delete input.samlGroupName;
  const submission = await checkSubmission(input, groupInputSchema);
  if (!submission.ok) {
    const fieldErrors: Record<string, string> = {};
    for (const [key, message] of Object.entries(submission.fieldErrors))
      fieldErrors[
        key.startsWith("license.")
          ? `license${key[8]!.toUpperCase()}${key.slice(9)}`
          : key.replace(/\.\d+\..*$/, "")
      ] ??= message;
    return formReply(request, { fieldErrors, formError: submission.formError, values });
  }
  let saved: Group;
  try {
    saved = current
      ? await updateGroup(viewer, current.id, submission.data, "change")
      : await createGroup(viewer, submission.data);
  } catch (error) {
    return fieldProblem(request, error, "name", values);
  }
  if (intent === "general" && !saved.isBuiltIn) {
    const before = current ? (await memberOf(viewer, saved.id)).items.map((g) => g.id) : [];
    const wanted = ids(values.memberOf);
    try {
      await changeGroupEdges(viewer, saved.id, "memberOf", {
        add: wanted.filter((g) => !before.includes(g)),
        remove: before.filter((g) => !wanted.includes(g)),
      });
    } catch (error) {
      return fieldProblem(request, error, "memberOf", values);
    }
  }
  const tab = intent === "properties" ? "?tab=properties" : "";
  return redirectWithToast(request, groupEditorPath(saved.id) + tab, {
    message: current
      ? keyed("people.toast.groupSaved", { name: saved.name })
      : keyed("people.toast.groupCreated", { name: saved.name }),
  });
}
