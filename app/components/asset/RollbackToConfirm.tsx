import { Link } from "react-aria-components/Link";
import * as dialogCss from "~/components/shell/error.css";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import type { RevisionEntry } from "~/models/asset/revision-history.server";
import { alertWarning } from "~/styles/global.css";

/*
 * Rollback-to deletes every later revision (decision 049), so it asks first, saying how many go:
 * without JavaScript the revisions page in a confirming state (?rollbackTo=N) holds the form that
 * posts it; with JavaScript an alert dialog over the list (RollbackToDialog) confirms the
 * fetcher's post. Both say the same words (useRollbackToWords).
 */

/** The question's title, text and confirming button, in the page's language. */
export function useRollbackToWords(entry: RevisionEntry) {
  const t = useT();
  const values = { number: entry.number, later: entry.later };
  return {
    title: t("asset.rollbackTo.title", values),
    question: t("asset.rollbackTo.question", values),
    confirm: t("asset.rollbackTo.confirm", values),
    cancel: t("asset.rollbackTo.cancel"),
  };
}

/** The no-JavaScript confirmation, above the list on its own page. */
export function RollbackToPanel({ entry, cancel }: { entry: RevisionEntry; cancel: string }) {
  const words = useRollbackToWords(entry);
  return (
    <section className={alertWarning} role="alert" aria-labelledby="rollback-to-title">
      <h2 id="rollback-to-title">{words.title}</h2>
      <p>{words.question}</p>
      <form method="post" action={entry.rollbackTo} className={dialogCss.actions}>
        <Button type="submit">{words.confirm}</Button>
        <Link href={cancel} className={button.secondary}>
          {words.cancel}
        </Link>
      </form>
    </section>
  );
}
