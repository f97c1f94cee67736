import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/task/task.css";
import { taskListPageData } from "~/http/background-task/task-page.server";
import { pageHandler } from "~/http/http.server";
import { muted, panel } from "~/styles/global.css";

/* The viewer's recent background tasks, newest first (decision 047), each linking to its page. */

export const meta: MetaFunction = () => [{ title: "Your tasks | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => taskListPageData(request))(args);
}

const STATUS_TEXT: Record<string, string> = {
  pending: "waiting",
  inProgress: "in progress",
  done: "finished",
  notified: "finished",
  failed: "stopped with an error",
};

export default function TaskListView() {
  const { tasks } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="tasks-title">
      <h1 id="tasks-title">Your tasks</h1>
      {tasks.length === 0 ? (
        <p className={muted}>You have not started any tasks on selections yet.</p>
      ) : (
        <ul className={css.taskList}>
          {tasks.map((t) => (
            <li key={t.id}>
              <Link to={t.href}>
                {t.title} · task {t.id}
              </Link>{" "}
              <span className={muted}>
                {STATUS_TEXT[t.status] ?? t.status}: {t.counts.done} done, {t.counts.failed} failed
                of {t.counts.total} · {new Date(t.created).toUTCString()}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
