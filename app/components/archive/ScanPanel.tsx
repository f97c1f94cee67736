import { Form } from "@remix-run/react";
import type { ScanReport } from "~/models/archive/path-scan.server";
import { Button } from "~/components/ui/Button";
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

const COUNTS: [keyof ScanReport, string][] = [
  ["added", "added"],
  ["changed", "changed"],
  ["moved", "moved or renamed"],
  ["removed", "removed"],
  ["restored", "back again"],
  ["unchanged", "unchanged"],
  ["folders", "new folders"],
];

export function ScanPanel({
  archive,
  running,
  finishedAt,
  report,
  refused,
  formError,
}: ScanPanelProps) {
  return (
    <>
      <p>
        Folder: <code>{archive.folder || "none (Arkiv's own storage)"}</code>
      </p>
      {formError ? (
        <p role="alert" className={alertDanger}>
          {formError}
        </p>
      ) : null}
      <Form method="post">
        <Button type="submit" name="intent" value="scan">
          Scan now
        </Button>
      </Form>
      <h2>Last scan</h2>
      {running ? <p>A scan is running now.</p> : null}
      {refused ? (
        <p role="alert" className={alertDanger}>
          The last scan was refused: {refused}
        </p>
      ) : null}
      {report && finishedAt ? (
        <>
          <p>
            Finished <time dateTime={finishedAt}>{new Date(finishedAt).toUTCString()}</time>.
          </p>
          <ul>
            {COUNTS.map(([key, label]) => (
              <li key={key}>
                {String(report[key])} {label}
              </li>
            ))}
          </ul>
          {report.failedCount > 0 ? (
            <>
              <h3>Not indexed ({report.failedCount})</h3>
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
              <h3>Links and special files, not followed</h3>
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
        <p className={muted}>This archive has not been scanned yet.</p>
      )}
    </>
  );
}
