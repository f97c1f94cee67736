import "~/components/shell/shell-bundle";
import type { SerializeFrom } from "@remix-run/node";
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TaskPanel } from "~/components/task/TaskPanel";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import type { FormReplyBody } from "~/http/error";
import type { BatchPage, BatchStarted } from "~/http/asset/batch-page.server";
import type { taskPageData } from "~/http/background-task/task-page.server";
import * as css from "~/components/metadata/editors/editors.css";
import { LINKS } from "~/utils/links";
import { BatchPanel } from "./BatchPanel";
import { useT } from "~/components/locale/locale-context";

type TaskPage = SerializeFrom<typeof taskPageData>;

/** A started task's dialog is named by its heading. */
const TASK_LABELLED = { "aria-labelledby": "batch-task-heading" };

const FINAL = new Set(["done", "failed", "notified"]);

/**
 * The task a batch started, followed over the grid (decision 087): the task page's data loaded
 * by a fetcher from its URL, shown by the task page's own panel, live over its event stream. It
 * loads again when the task ends, for the final results with each asset's thumbnail and title.
 */
function BatchTask({ started, onClose }: { started: BatchStarted; onClose: () => void }) {
  const t = useT();
  const task = useFetcher<TaskPage>();
  const { load } = task;
  const revalidator = useRevalidator();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => load(started.href), [load, started.href]);
  // The Start button that had focus is gone: focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  const data = task.data;
  const finished = data ? FINAL.has(data.live.status) : false;
  return (
    <section aria-labelledby="batch-task-heading">
      <h2 id="batch-task-heading" ref={heading} tabIndex={-1}>
        {data
          ? t("asset.batch.taskHeading", { title: data.title, jobId: data.jobId })
          : t("asset.batch.task", { jobId: started.jobId })}
      </h2>
      <p>{started.message}</p>
      {data ? (
        <TaskPanel
          jobId={data.jobId}
          title={data.title}
          live={data.live}
          moreResults={data.moreResults}
          undo={data.undo}
          undoes={data.undoes}
          assets={data.assets}
          undoAction={started.href}
          onFinished={() => load(started.href)}
        />
      ) : (
        <p role="status">{t("asset.batch.loadingTask")}</p>
      )}
      <div className={css.actions}>
        <Button variant="secondary" onPress={onClose}>
          {t("asset.batch.close")}
        </Button>
        {finished ? (
          // The grid shows the assets as they were; this brings what the task changed.
          <Button
            variant="secondary"
            onPress={() => {
              onClose();
              revalidator.revalidate();
            }}
          >
            {t("asset.batch.closeAndReload")}
          </Button>
        ) : null}
        <Link to={started.href}>{t("asset.batch.openTask")}</Link>
        <Link to={LINKS.tasks}>{t("asset.batch.yourTasks")}</Link>
      </div>
    </section>
  );
}

/**
 * The batch panel over the grid (JavaScript only): the batch page's data loaded by a fetcher
 * from the same URL the plain GET opens, shown in a react-aria dialog. Its form posts to the
 * page's action through a second fetcher: a refusal (4xx) comes back here, so the dialog stays
 * open with what was typed and each error by its field; a started task takes the dialog's place
 * with its progress and results, and closing it leaves the grid and its selection as they were.
 */
export function BatchDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<BatchPage>();
  const submit = useFetcher<FormReplyBody | BatchStarted>();
  const { load } = fetcher;
  useEffect(() => load(url), [load, url]);
  const page = fetcher.data;
  const started = submit.data && "jobId" in submit.data ? submit.data : null;
  return (
    <ModalDialog
      isOpen
      size="large"
      onClose={onClose}
      {...(started
        ? TASK_LABELLED
        : { "aria-label": page ? page.opLabel : t("asset.batch.selected") })}
    >
      {started ? (
        <BatchTask started={started} onClose={onClose} />
      ) : page ? (
        <BatchPanel page={page} onCancel={onClose} submit={submit} />
      ) : (
        <p role="status">{t("asset.batch.loadingSelection")}</p>
      )}
    </ModalDialog>
  );
}
