import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { accountDecision } from "~/models/access/access.server";
import { backgroundTaskList } from "~/models/background-task/background-task.server";
import { startTaskResponse } from "~/http/background-task/background-task-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { LINKS } from "~/utils/links";
import { onePage } from "~/utils/paging";

/*
 * /fotoweb/me/background-tasks/ (the descriptor's background_tasks): GET lists the viewer's own
 * tasks, newest first, each with its href to poll; POST starts a task on a selection (metadata
 * edit, rename, duplicate, copy, move, delete, rotate; decision 047).
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const decision = accountDecision(await requireViewer(request), "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  const data = await backgroundTaskList(decision.value, (id) => `${LINKS.backgroundTasks}${id}`);
  return apiJson({ data, paging: onePage(LINKS.backgroundTasks) }, "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = apiHandler(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed({ request, context });
  const decision = accountDecision(await requireViewer(request), "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  return startTaskResponse(request, decision.value);
});
