import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { groupActions, peopleDecision } from "~/models/access/access.server";
import {
  changeGroupEdges,
  changeUserMembers,
  countGroups,
  createGroup,
  deleteGroup,
  getGroup,
  GROUP_NOT_FOUND,
  groupMembers,
  listGroups,
  memberOf,
  removeGroupExternalIds,
  removeGroupProperties,
  replaceGroupEdges,
  replaceUserMembers,
  updateGroup,
  userMembers,
  type Group,
} from "~/models/group/group.server";
import {
  groupInputSchema,
  groupListQuerySchema,
  hrefListChangeSchema,
  memberIdListSchema,
  membershipIdListSchema,
} from "~/models/group/group.schema";
import {
  groupHref,
  groupIdOfHref,
  groupView,
  memberUserView,
  pagingLinks,
  userIdOfHref,
} from "~/models/group/group.view";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { LINKS } from "~/utils/links";
import {
  apiError,
  apiHandler,
  apiJson,
  methodNotAllowed,
  NO_RESOURCE_MESSAGE,
} from "../http.server";
import { preferredType } from "../negotiate";
import { requireViewer } from "../session.server";
import { formReply, readSubmission } from "../submission.server";

/*
 * The reference's Group Management operations (decision 035), shared by the thin routes under
 * /fotoweb/api/groups. Who may not manage people meets the area as if it did not exist: the
 * same 404 as any address without an API resource.
 */

export const GROUP_TYPE = "application/json";
/** The spec's list answer ({count, data, paging}), for clients that ask for it by name. */
export const GROUP_LIST_TYPE = "application/vnd.fotoware.group-list+json";

export async function requireGroupsApi(request: Request): Promise<Viewer> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const decision = await peopleDecision(viewer);
  if (!decision.allowed) throw apiError(request, 404, NO_RESOURCE_MESSAGE);
  return viewer;
}

/** The {id} of the address; a malformed one answers as a missing group. */
export function groupIdParam(value: string | undefined): number {
  const id = /^\d{1,9}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Problem("not-found", GROUP_NOT_FOUND);
  return id;
}

export const viewOf = (group: Group) => groupView(group, groupActions(true, group));

/** GET /fotoweb/api/groups: every matching group (reference), or the spec's paged list. */
export async function groupListResponse(request: Request, viewer: Viewer): Promise<Response> {
  const url = new URL(request.url);
  const query = groupListQuerySchema.parse(Object.fromEntries(url.searchParams));
  if (preferredType(request, [GROUP_LIST_TYPE])) {
    const page = await listGroups(viewer, query, 25);
    const params = new URLSearchParams(url.searchParams);
    return apiJson(
      {
        count: page.count,
        data: page.groups.map(viewOf),
        paging: pagingLinks(LINKS.apiGroups, params, page.page, page.pages),
      },
      GROUP_LIST_TYPE,
    );
  }
  const all = await listGroups(viewer, { ...query, p: 0 }, 100_000);
  return apiJson(all.groups.map(viewOf), GROUP_TYPE);
}

export async function groupCreateResponse(request: Request, viewer: Viewer): Promise<Response> {
  const submission = await readSubmission(request, groupInputSchema);
  if (!submission.ok) return formReply(request, submission);
  const group = await createGroup(viewer, submission.data);
  return apiJson(viewOf(group), GROUP_TYPE, { headers: { Location: groupHref(group.id) } });
}

export const groupCountResponse = async (viewer: Viewer) =>
  apiJson({ value: await countGroups(viewer) }, GROUP_TYPE);

/** GET, PUT (replace), PATCH (changed fields), DELETE of one group. */
export async function groupResponse(
  request: Request,
  viewer: Viewer,
  id: number,
): Promise<Response> {
  if (request.method === "GET" || request.method === "HEAD")
    return apiJson(viewOf(await getGroup(viewer, id)), GROUP_TYPE);
  if (request.method === "DELETE") {
    await deleteGroup(viewer, id);
    return new Response(null, { status: 204 });
  }
  await getGroup(viewer, id);
  const submission = await readSubmission(request, groupInputSchema);
  if (!submission.ok) return formReply(request, submission);
  if (request.method === "PUT") {
    await updateGroup(viewer, id, submission.data, "replace");
    return new Response(null, { status: 204 });
  }
  return apiJson(viewOf(await updateGroup(viewer, id, submission.data, "change")), GROUP_TYPE);
}

export type MemberKind = "users" | "groups" | "member-of";

const RECURSIVE_PATH = /-recursive(\/count)?\/?$/;

async function memberList(viewer: Viewer, id: number, kind: MemberKind, request: Request) {
  const url = new URL(request.url);
  const recursive = RECURSIVE_PATH.test(url.pathname);
  const sortdir = url.searchParams.get("sortdir") === "desc" ? "desc" : "asc";
  if (kind === "users") {
    const page = await userMembers(viewer, id, { recursive, sortdir });
    return { count: page.count, data: page.items.map(memberUserView) };
  }
  const page =
    kind === "groups"
      ? await groupMembers(viewer, id, { recursive, sortdir })
      : await memberOf(viewer, id, { recursive, sortdir });
  return { count: page.count, data: page.items.map(viewOf) };
}

/** GET of a member list (direct or recursive, by the address) or its count. */
export function memberListLoader(kind: MemberKind, what: "list" | "count") {
  return apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
    const viewer = await requireGroupsApi(request);
    const list = await memberList(viewer, groupIdParam(params.id), kind, request);
    return apiJson(what === "count" ? { value: list.count } : list.data, GROUP_TYPE);
  });
}

const idsOfHrefs = (hrefs: string[] | undefined, parse: (h: string) => number | null) =>
  (hrefs ?? []).map((href) => {
    const id = parse(href);
    if (id === null) throw new Problem("invalid", `"${href.slice(0, 100)}" is not a member href.`);
    return id;
  });

type Change = (
  viewer: Viewer,
  id: number,
  change: { add?: number[]; remove?: number[] },
) => Promise<void>;
type Replace = (viewer: Viewer, id: number, ids: number[]) => Promise<void>;

const CHANGERS: Record<
  MemberKind,
  { change: Change; replace: Replace; parse: (h: string) => number | null }
> = {
  users: { change: changeUserMembers, replace: replaceUserMembers, parse: userIdOfHref },
  groups: {
    change: (viewer, id, change) => changeGroupEdges(viewer, id, "members", change),
    replace: (viewer, id, ids) => replaceGroupEdges(viewer, id, "members", ids),
    parse: groupIdOfHref,
  },
  "member-of": {
    change: (viewer, id, change) => changeGroupEdges(viewer, id, "memberOf", change),
    replace: (viewer, id, ids) => replaceGroupEdges(viewer, id, "memberOf", ids),
    parse: groupIdOfHref,
  },
};

/**
 * PUT (replace), POST (add), DELETE (remove all) with the reference's id lists, and PATCH with
 * the spec's {add: [hrefs], remove: [hrefs]}, only the difference.
 */
export function memberListAction(kind: MemberKind | "members") {
  return apiHandler(async (args: ActionFunctionArgs) => {
    const { request, params } = args;
    const viewer = await requireGroupsApi(request);
    const id = groupIdParam(params.id);
    await getGroup(viewer, id);
    const kinds: MemberKind[] = kind === "members" ? ["users", "groups"] : [kind];
    const method = request.method;
    if (method === "DELETE") {
      for (const k of kinds) await CHANGERS[k].replace(viewer, id, []);
      return new Response(null, { status: 204 });
    }
    if (method === "PATCH" && kind !== "members") {
      const submission = await readSubmission(request, hrefListChangeSchema);
      if (!submission.ok) return formReply(request, submission);
      const { change, parse } = CHANGERS[kind];
      await change(viewer, id, {
        add: idsOfHrefs(submission.data.add, parse),
        remove: idsOfHrefs(submission.data.remove, parse),
      });
      return new Response(null, { status: 204 });
    }
    if (method !== "PUT" && method !== "POST") return methodNotAllowed(args);
    const schema = kind === "member-of" ? membershipIdListSchema : memberIdListSchema;
    const submission = await readSubmission(request, schema);
    if (!submission.ok) return formReply(request, submission);
    const lists = submission.data as { users?: number[]; groups?: number[] };
    for (const k of kinds) {
      const ids = k === "users" ? lists.users : lists.groups;
      if (ids === undefined && method === "POST") continue;
      if (method === "PUT") await CHANGERS[k].replace(viewer, id, ids ?? []);
      else await CHANGERS[k].change(viewer, id, { add: ids ?? [] });
    }
    return new Response(null, { status: 204 });
  });
}

/** DELETE of one member (users/{member}, groups/{member}) or one membership (member-of/{group}). */
export function memberRemoveAction(kind: MemberKind, param: "member" | "group") {
  return apiHandler(async (args: ActionFunctionArgs) => {
    const { request, params } = args;
    if (request.method !== "DELETE") return methodNotAllowed(args);
    const viewer = await requireGroupsApi(request);
    const id = groupIdParam(params.id);
    const other = /^\d{1,9}$/.test(params[param] ?? "") ? Number(params[param]) : NaN;
    await getGroup(viewer, id);
    if (!Number.isSafeInteger(other)) throw new Problem("not-found", NO_RESOURCE_MESSAGE);
    await CHANGERS[kind].change(viewer, id, { remove: [other] });
    return new Response(null, { status: 204 });
  });
}

/** GET and DELETE of the custom properties or external ids; DELETE of one by its key. */
export function groupBagHandlers(bag: "properties" | "external-ids", param?: "key" | "provider") {
  const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
    const viewer = await requireGroupsApi(request);
    const group = await getGroup(viewer, groupIdParam(params.id));
    return apiJson(bag === "properties" ? group.properties : group.externalIds, GROUP_TYPE);
  });
  const action = apiHandler(async (args: ActionFunctionArgs) => {
    const { request, params } = args;
    if (request.method !== "DELETE") return methodNotAllowed(args);
    const viewer = await requireGroupsApi(request);
    const id = groupIdParam(params.id);
    const one = param ? (params[param] ?? "") : undefined;
    if (bag === "properties") await removeGroupProperties(viewer, id, one);
    else await removeGroupExternalIds(viewer, id, one);
    return new Response(null, { status: 204 });
  });
  return { loader, action };
}
