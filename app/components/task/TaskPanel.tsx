import { Form, Link } from "@remix-run/react";
import { ProgressBar } from "react-aria-components/ProgressBar";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { Button } from "~/components/ui/Button";
import { fileNameOfHref, type TaskAsset } from "~/models/background-task/task.schema";
import { alertDanger, alertInfo, muted } from "~/styles/global.css";
import { useTaskEvents, type LiveTask } from "./use-task-events";
import * as css from "./task.css";
import { TableScroller } from "~/components/ui/TableScroller";

/*
 * A background task's page body (decision 047): what it does, its progress, one row per asset
 * with its outcome (refused and failed ones named with the reason), and Undo when the task can
 * be undone. Live over server-sent events with JavaScript; the route refreshes it without.
 */

export interface TaskPanelProps {
  jobId: number;
  title: string;
  live: LiveTask;
  /** More results than the page shows (the API pages them). */
  moreResults: number;
  undo: { possible: boolean; reason: string | null };
  undoes: { id: number; href: string } | null;
  /** Title and thumbnail of each result's asset the viewer may see, by its href. */
  assets: Record<string, TaskAsset>;
  formError?: string;
  onFinished?: () => void;
  /** Where Undo posts: the task's page, when the panel is shown elsewhere (over the grid). */
  undoAction?: string;
}

/*
 * The asset a result names: its thumbnail and title linking to it. A row the live stream has
 * just added, or an asset the viewer may no longer see, shows the file name its href ends in.
 */
function AssetCell({ href, asset }: { href: string; asset: TaskAsset | undefined }) {
  if (!asset)
    return (
      <span className={css.assetName} title={href}>
        {fileNameOfHref(href)}
      </span>
    );
  return (
    <a href={asset.href} className={css.assetLink}>
      {asset.thumbnail ? (
        <img
          className={css.thumbnail}
          src={asset.thumbnail.src}
          width={asset.thumbnail.width}
          height={asset.thumbnail.height}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className={css.thumbnail} aria-hidden="true" />
      )}
      <span className={css.assetName}>{asset.title}</span>
    </a>
  );
}

export function TaskPanel(props: TaskPanelProps) {
  const t = useT();
  const task = useTaskEvents(props.jobId, props.live, props.onFinished);
  const { counts } = task;
  return (
    <>
      {props.undoes ? (
        <p>
          <Msg
            id="task.undoes"
            values={{ id: props.undoes.id }}
            components={{ 0: <Link to={props.undoes.href} /> }}
          />
        </p>
      ) : null}
      <ProgressBar
        className={css.progress}
        value={task.progress}
        aria-label={t("task.progressLabel", { title: props.title })}
      >
        {({ percentage, valueText }) => (
          <>
            <span className={css.progressLabel} data-testid="task-status">
              {t("task.statusLine", {
                status: t("task.status", { status: task.status }) || task.status,
                percent: valueText,
              })}
            </span>
            <div className={css.track}>
              <div className={css.fill} style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
      <p className={css.counts} aria-live="polite" data-testid="task-counts">
        {counts.skipped > 0
          ? t("task.countsSkipped", { ...counts })
          : t("task.counts", { ...counts })}
      </p>
      {task.error ? (
        <p role="alert" className={alertDanger}>
          {task.error}
        </p>
      ) : null}
      {props.formError ? (
        <p role="alert" className={alertDanger}>
          {props.formError}
        </p>
      ) : null}
      {props.undo.possible ? (
        <Form method="post" action={props.undoAction}>
          <input type="hidden" name="intent" value="undo" />
          <Button type="submit" variant="secondary">
            {t("task.undo")}
          </Button>
        </Form>
      ) : props.undo.reason && (task.status === "done" || task.status === "failed") ? (
        <p className={muted}>{props.undo.reason}</p>
      ) : null}
      <TableScroller label={t("task.results")}>
        <table className={css.results}>
          <caption className={muted}>{t("task.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("task.column.asset")}</th>
              <th scope="col">{t("task.column.outcome")}</th>
              <th scope="col">{t("task.column.details")}</th>
            </tr>
          </thead>
          <tbody>
            {task.results.map((r) => (
              <tr key={r.seq} className={css.row} data-status={r.status}>
                <td className={css.assetCell}>
                  <AssetCell href={r.href} asset={props.assets[r.href]} />
                </td>
                <td className={css.outcome} data-status={r.status}>
                  {t("task.outcome", { outcome: r.status }) || r.status}
                </td>
                <td>
                  {r.error ?? null}
                  {r["result-href"] ? (
                    <a href={r["result-href"]}>{r["result-filename"] ?? t("task.result")}</a>
                  ) : (
                    (r["result-filename"] ?? null)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {props.moreResults > 0 ? (
        <p className={alertInfo}>{t("task.more", { count: props.moreResults })}</p>
      ) : null}
    </>
  );
}
