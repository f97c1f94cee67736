import { Link } from "react-aria-components/Link";
import * as dialogCss from "~/components/shell/error.css";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import type { RevisionEntry } from "~/models/asset/revision-history.server";
import { alertWarning } from "~/styles/global.css";

/*
 * Rollback-to deletes every later revision (decision 049), so it asks first, saying how many go:
 * without JavaScript the revisions page in a confirming state (?rollbackTo=N) holds the form that
 * posts it; with JavaScript an alert dialog over the list (RollbackToDialog) confirms the
 * fetcher's post.
 */

const revisions = (n: number) => (n === 1 ? "1 later revision" : `${n} later revisions`);

export const rollbackToTitle = (entry: RevisionEntry) => `Roll back to revision ${entry.number}?`;

export function rollbackToQuestion(entry: RevisionEntry) {
  return `Revision ${entry.number} becomes the current one and the ${revisions(entry.later)} ${
    entry.later === 1 ? "is" : "are"
  } deleted. This cannot be undone.`;
}

export const rollbackToLabel = (entry: RevisionEntry) =>
  `Roll back and delete ${revisions(entry.later)}`;

/** The no-JavaScript confirmation, above the list on its own page. */
export function RollbackToPanel({ entry, cancel }: { entry: RevisionEntry; cancel: string }) {
  return (
    <section className={alertWarning} role="alert" aria-labelledby="rollback-to-title">
      <h2 id="rollback-to-title">{rollbackToTitle(entry)}</h2>
      <p>{rollbackToQuestion(entry)}</p>
      <form method="post" action={entry.rollbackTo} className={dialogCss.actions}>
        <Button type="submit">{rollbackToLabel(entry)}</Button>
        <Link href={cancel} className={button.secondary}>
          Cancel
        </Link>
      </form>
    </section>
  );
}
