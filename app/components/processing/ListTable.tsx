import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import * as css from "./processing.css";
import { TableScroller } from "~/components/ui/TableScroller";

export interface ListRow {
  id: string;
  name: string;
  summary: string;
}

/** One configuration list as a table: each entry with its summary, edit and delete links. */
export function ListTable({
  caption,
  empty,
  rows,
  editPath,
  deleteQuery,
}: {
  caption: string;
  /** What the page says when the list has no entry. */
  empty: string;
  rows: ListRow[];
  editPath: (id: string) => string;
  /** The page's query asking to confirm the delete of an entry. */
  deleteQuery: (id: string) => string;
}) {
  const t = useT();
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <TableScroller label={caption}>
      <table className={css.table}>
        <caption className={css.legend}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("settings.processing.name")}</th>
            <th scope="col">{t("settings.processing.settings")}</th>
            <th scope="col">{t("settings.processing.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td>{row.summary}</td>
              <td>
                <span className={css.actions}>
                  <Link
                    to={editPath(row.id)}
                    className={css.link}
                    aria-label={t("settings.processing.editNamed", { name: row.name })}
                  >
                    {t("settings.processing.edit")}
                  </Link>
                  <Link
                    to={deleteQuery(row.id)}
                    className={css.link}
                    aria-label={t("settings.processing.deleteNamed", { name: row.name })}
                  >
                    {t("settings.processing.delete")}
                  </Link>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** The confirmation a delete link opens: a plain form, so it works without JavaScript. */
export function DeleteConfirm({
  name,
  hidden,
  cancel,
  error,
}: {
  name: string;
  hidden: Record<string, string>;
  cancel: string;
  error?: string;
}) {
  const t = useT();
  return (
    <Form
      method="post"
      className={css.confirm}
      aria-label={t("settings.processing.deleteNamed", { name })}
    >
      <p role="alert">{error ?? t("settings.processing.deleteQuestion", { name })}</p>
      <input type="hidden" name="intent" value="delete" />
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <span className={css.actions}>
        {error ? null : (
          <Button type="submit">{t("settings.processing.deleteNamed", { name })}</Button>
        )}
        <Link to={cancel} className={css.link}>
          {t("settings.processing.cancel")}
        </Link>
      </span>
    </Form>
  );
}
