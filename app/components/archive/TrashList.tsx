import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { TrashEntry } from "~/models/archive/archive-trash.server";
import { Button } from "~/components/ui/Button";
import { LINKS } from "~/utils/links";
import { ConfirmDialog } from "./ConfirmDialog";
import * as css from "./archive-list.css";
import { TableScroller } from "~/components/ui/TableScroller";

const day = (iso: string) => iso.slice(0, 10);
const assets = (n: number) => `${n} ${n === 1 ? "asset" : "assets"}`;

export function entryLabel(entry: TrashEntry): string {
  return entry.kind === "archive" ? `Archive ${entry.name}` : `Assets from ${entry.name}`;
}

/** What emptying does, in the same words on the dialog and the no-JS page. */
export function emptyQuestion(target: TrashEntry | "all"): string {
  if (target === "all")
    return "Empty the trash can now? Everything in it is deleted for good, files included.";
  return `Delete ${entryLabel(target)} (${assets(target.assetCount)}) for good now? Its files go too.`;
}

export function emptyFields(target: TrashEntry | "all"): Record<string, string> {
  return target === "all" ? { intent: "emptyAll" } : { intent: "empty", id: String(target.id) };
}

/**
 * The trash can (decision 043): each deleted archive (or batch of assets) with its count and the
 * day it goes for good; restore at once, empty after a confirmation (an alert dialog with
 * JavaScript, the confirmation page without).
 */
export function TrashList({ entries }: { entries: TrashEntry[] }) {
  const [asking, setAsking] = useState<TrashEntry | "all" | null>(null);
  const ask = (target: TrashEntry | "all") => (event: { preventDefault(): void }) => {
    event.preventDefault();
    setAsking(target);
  };
  if (entries.length === 0) return <p>The trash can is empty.</p>;
  return (
    <>
      <TableScroller label="Trash can">
        <table className={css.table}>
          <caption className={css.state}>Deleted archives and assets, soonest to go first</caption>
          <thead>
            <tr>
              <th className={css.cell}>What</th>
              <th className={css.cell}>Assets</th>
              <th className={css.cell}>Deleted</th>
              <th className={css.cell}>Deleted for good on</th>
              <th className={css.cell}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={css.cell}>{entryLabel(entry)}</td>
                <td className={css.cell}>{entry.assetCount}</td>
                <td className={css.cell}>{day(entry.deletedAt)}</td>
                <td className={css.cell}>{day(entry.expiresAt)}</td>
                <td className={css.cell}>
                  <span className={css.actions}>
                    <Form method="post" className={css.inline}>
                      <input type="hidden" name="id" value={entry.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="restore"
                        variant="secondary"
                        aria-label={`Restore: ${entryLabel(entry)}`}
                      >
                        Restore
                      </Button>
                    </Form>
                    <Link
                      to={`?empty=${entry.id}`}
                      className={css.link}
                      aria-label={`Delete for good: ${entryLabel(entry)}`}
                      onClick={ask(entry)}
                    >
                      Delete for good
                    </Link>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <p>
        <Link to="?empty=all" className={css.link} onClick={ask("all")}>
          Empty the trash can now
        </Link>
      </p>
      {asking ? (
        <ConfirmDialog
          title={asking === "all" ? "Empty the trash can" : `Delete ${entryLabel(asking)}`}
          fields={emptyFields(asking)}
          confirmLabel="Delete for good"
          onClose={() => setAsking(null)}
        >
          <p>{emptyQuestion(asking)}</p>
        </ConfirmDialog>
      ) : null}
      <p>
        <Link to={LINKS.adminArchives} className={css.link}>
          Back to the archives
        </Link>
      </p>
    </>
  );
}
