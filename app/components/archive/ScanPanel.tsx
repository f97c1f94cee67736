import { Form } from "@remix-run/react";
import { Msg } from "~/components/locale/Msg";
import type { ScanReport } from "~/models/archive/path-scan.server";
import { Button } from "~/components/ui/Button";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";
import { alertDanger, muted } from "~/styles/global.css";

/*
 * A path archive's scan (decision 042): its folder, the last scan's outcome with the files it
 * could not index, and the button that queues a scan now (a plain form: works without JavaScript).
 */

export interface ScanPanelProps {
  archive: { id: number; name: string; folder: string };
  running: boolean;
  finishedAt: string | null;
  report: ScanReport | null;
  /** Why the last scan was refused (the folder no longer allowed or readable). */
  refused: string | null;
  formError?: string;
}

/** Each count's words, with its number (written literally: the catalogue test reads them). */
const COUNTS: [keyof ScanReport, MessageId][] = [
  ["added", "settings.scan.count.added"],
  ["changed", "settings.scan.count.changed"],
  ["moved", "settings.scan.count.moved"],
  ["removed", "settings.scan.count.removed"],
  ["restored", "settings.scan.count.restored"],
  ["unchanged", "settings.scan.count.unchanged"],
  ["folders", "settings.scan.count.folders"],
];

export function ScanPanel({
  archive,
  running,
  finishedAt,
  report,
  refused,
  formError,
}: ScanPanelProps) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <p>
        {t("settings.scan.folder")} <code>{archive.folder || t("settings.scan.noFolder")}</code>
      </p>
      {formError ? (
        <p role="alert" className={alertDanger}>
          {formError}
        </p>
      ) : null}
      <Form method="post">
        <Button type="submit" name="intent" value="scan">
          {t("settings.scan.scanNow")}
        </Button>
      </Form>
      <h2>{t("settings.scan.lastScan")}</h2>
      {running ? <p>{t("settings.scan.running")}</p> : null}
      {refused ? (
        <p role="alert" className={alertDanger}>
          {t("settings.scan.refused", { reason: refused })}
        </p>
      ) : null}
      {report && finishedAt ? (
        <>
          <p>
            <Msg
              id="settings.scan.finished"
              values={{ when: format.dateTime(finishedAt) }}
              components={{ 0: <time dateTime={finishedAt} /> }}
            />
          </p>
          <ul>
            {COUNTS.map(([key, label]) => (
              <li key={key}>{t(label, { count: report[key] as number })}</li>
            ))}
          </ul>
          {report.failedCount > 0 ? (
            <>
              <h3>{t("settings.scan.notIndexed", { count: report.failedCount })}</h3>
              <ul>
                {report.failed.map((f) => (
                  <li key={f.file}>
                    <code>{f.file}</code>: {f.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {report.notFollowed.length > 0 ? (
            <>
              <h3>{t("settings.scan.notFollowed")}</h3>
              <ul>
                {report.notFollowed.map((f) => (
                  <li key={f}>
                    <code>{f}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : refused ? null : (
        <p className={muted}>{t("settings.scan.never")}</p>
      )}
    </>
  );
}
