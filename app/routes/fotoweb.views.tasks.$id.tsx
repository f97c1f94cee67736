import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { translateNow } from "~/components/locale/active";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { TaskPanel } from "~/components/task/TaskPanel";
import { taskPageAction, taskPageData } from "~/http/background-task/task-page.server";
import { pageHandler } from "~/http/http.server";
import { panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { SEPARATOR } from "~/components/ui/separator";

/*
 * A background task's page (decision 047): progress, per-asset results, Undo. Live over
 * server-sent events with JavaScript; without, it refreshes itself every 2 s while it runs (the
 * refresh sits in <noscript>, so it never fires where the live stream does).
 */

export const handle = { i18n: ["task"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data ? translateNow("task.meta", { title: data.title, id: data.jobId }) : ""} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) => taskPageData(request, params.id))(
    args,
  );
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    taskPageAction(request, params.id),
  )(args);
}

const RUNNING = new Set(["pending", "inProgress"]);

export default function TaskView() {
  const t = useT();
  const format = useFormat();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<{ formError?: string }>();
  const revalidator = useRevalidator();
  // Where the task's assets live, when they all live in one archive: where the batch began.
  const archives = new Map(Object.values(data.assets).map((a) => [a.archive.href, a.archive]));
  const archive = archives.size === 1 ? [...archives.values()][0] : null;
  return (
    <section className={panel} aria-labelledby="task-title">
      {RUNNING.has(data.live.status) ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <h1 id="task-title">{t("task.heading", { title: data.title, id: data.jobId })}</h1>
      <p>
        <Msg
          id="task.started"
          values={{ when: format.dateTime(data.created) }}
          components={{ 0: <time dateTime={data.created} /> }}
        />{" "}
        {archive ? (
          <>
            <Link to={archive.href}>{t("task.backTo", { archive: archive.name })}</Link>
            {SEPARATOR}
          </>
        ) : null}
        <Link to={LINKS.tasks}>{t("task.yourTasks")}</Link>
      </p>
      <TaskPanel
        jobId={data.jobId}
        title={data.title}
        live={data.live}
        moreResults={data.moreResults}
        undo={data.undo}
        undoes={data.undoes}
        assets={data.assets}
        formError={reply?.formError}
        onFinished={() => revalidator.revalidate()}
      />
    </section>
  );
}
