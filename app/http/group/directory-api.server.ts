import { peopleDirectoryDecision } from "~/models/access/access.server";
import {
  groupDirectoryQuerySchema,
  userDirectoryQuerySchema,
  type DirectoryPage,
} from "~/models/group/directory.schema";
import { groupDirectory, userDirectory } from "~/models/group/directory.server";
import { pagingLinks } from "~/models/group/group.view";
import { LINKS } from "~/utils/links";
import { apiError, apiJson, NO_RESOURCE_MESSAGE } from "../http.server";
import { requireViewer } from "../session.server";
import { checkSubmission, formReply } from "../submission.server";

/*
 * GET /fotoweb/api/users/public/all and /fotoweb/api/groups/public/all (spec 001 section 7,
 * decision 039): one page of the people directory as {data, paging}. Signed out: 401; signed in
 * without a reason to pick people: the 404 of an address without an API resource.
 */

export const DIRECTORY_TYPE = "application/json";

export async function directoryResponse(
  request: Request,
  kind: "user" | "group",
): Promise<Response> {
  const viewer = await requireViewer(request, { allowGuest: false });
  if (!(await peopleDirectoryDecision(viewer)).allowed)
    return apiError(request, 404, NO_RESOURCE_MESSAGE);
  const url = new URL(request.url);
  // A parameter given twice arrives as a list, which the schema refuses rather than guessing.
  const values = Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((k) => {
      const all = url.searchParams.getAll(k);
      return [k, all.length === 1 ? all[0] : all];
    }),
  );
  let found;
  if (kind === "user") {
    const submission = await checkSubmission(values, userDirectoryQuerySchema);
    if (!submission.ok) return formReply(request, submission);
    found = await userDirectory(viewer, submission.data);
  } else {
    const submission = await checkSubmission(values, groupDirectoryQuerySchema);
    if (!submission.ok) return formReply(request, submission);
    found = await groupDirectory(viewer, submission.data);
  }
  const base = kind === "user" ? LINKS.apiUsersPublic : LINKS.apiGroupsPublic;
  const body: DirectoryPage<unknown> = {
    data: found.rows,
    paging: {
      count: found.count,
      ...pagingLinks(base, new URLSearchParams(url.searchParams), found.page, found.pages),
    },
  };
  return apiJson(body, DIRECTORY_TYPE, { headers: { "Cache-Control": "no-store" } });
}
