import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountDecision } from "~/models/access/access.server";
import { backgroundTaskList } from "~/models/background-task/background-task.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";

/*
 * GET /fotoweb/me/background-tasks/ (the descriptor's background_tasks): the viewer's own
 * tasks, newest first, each with its href to poll. Starting tasks by POST here (metadata edits,
 * renames, ...) comes with the features that run them.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const decision = accountDecision(await requireViewer(request), "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  const data = await backgroundTaskList(decision.value, (id) => `${LINKS.backgroundTasks}${id}`);
  return apiJson({ data, paging: null }, "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = methodNotAllowed;
