import "~/components/shell/shell-bundle";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import * as css from "~/components/task/task.css";
import { taskListPageData } from "~/http/background-task/task-page.server";
import { pageHandler } from "~/http/http.server";
import { muted, panel } from "~/styles/global.css";

/* The viewer's recent background tasks, newest first (decision 047), each linking to its page. */

export const handle = { i18n: ["task"] };

export const meta: MetaFunction = () => [{ title: `${translateNow("task.list.meta")} | Arkiv` }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => taskListPageData(request))(args);
}

export default function TaskListView() {
  const t = useT();
  const format = useFormat();
  const { tasks } = useLoaderData<typeof loader>();
  return (
    <section className={panel} aria-labelledby="tasks-title">
      <h1 id="tasks-title">{t("task.list.title")}</h1>
      {tasks.length === 0 ? (
        <p className={muted}>{t("task.list.none")}</p>
      ) : (
        <ul className={css.taskList}>
          {tasks.map((task) => (
            <li key={task.id}>
              <Link to={task.href}>{t("task.list.item", { title: task.title, id: task.id })}</Link>{" "}
              <span className={muted}>
                {t("task.list.state", {
                  status: task.status,
                  ...task.counts,
                  when: format.dateTime(task.created),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
