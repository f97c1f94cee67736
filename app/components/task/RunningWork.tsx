import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { RunningWork as Running } from "~/models/background-task/background-task.server";
import { useT } from "~/components/locale/locale-context";
import { LINKS } from "~/utils/links";
import * as css from "./running-work.css";

/** How often the indicator asks again while tasks run; it never asks while none does. */
const POLL_MS = 2000;

/*
 * The header's running-work indicator (issue 31, decision 090): while the person has tasks
 * waiting or running, their count and progress together, linking to the list of their tasks.
 * The server renders it on every page from the shell's one query; with JavaScript it asks again
 * every POLL_MS until they have finished, then says so until the next page.
 */
export function RunningWork({ running }: { running: Running | null }) {
  const t = useT();
  const poll = useFetcher<Running>();
  const [latest, setLatest] = useState(running);
  const [finished, setFinished] = useState(false);
  // New shell data (another page, a task just started) starts again from it.
  useEffect(() => {
    setLatest(running);
    setFinished(false);
  }, [running]);
  useEffect(() => {
    if (!poll.data) return;
    setLatest(poll.data);
    if (poll.data.count === 0) setFinished(true);
  }, [poll.data]);
  const count = latest?.count ?? 0;
  const { load } = poll;
  useEffect(() => {
    if (count === 0) return;
    const timer = window.setTimeout(() => load(LINKS.runningTasks), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [count, latest, load]);

  if (count === 0 && !finished) return null;
  const progress = latest?.progress ?? 0;
  return (
    <Link to={LINKS.tasks} className={css.link} data-testid="running-work">
      {count > 0 ? (
        <>
          <span className={css.track} aria-hidden="true">
            <span className={css.fill} style={{ width: `${progress}%` }} />
          </span>
          {t("common.header.runningWork", { count, percent: progress })}
        </>
      ) : (
        t("common.header.workFinished")
      )}
    </Link>
  );
}
