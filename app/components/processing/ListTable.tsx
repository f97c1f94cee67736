import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
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
  rows,
  editPath,
  deleteQuery,
}: {
  caption: string;
  rows: ListRow[];
  editPath: (id: string) => string;
  /** The page's query asking to confirm the delete of an entry. */
  deleteQuery: (id: string) => string;
}) {
  if (rows.length === 0) return <p>{`No ${caption.toLowerCase()} yet.`}</p>;
  return (
    <TableScroller label={caption}>
      <table className={css.table}>
        <caption className={css.legend}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Settings</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              <td>{row.summary}</td>
              <td>
                <span className={css.actions}>
                  <Link to={editPath(row.id)} className={css.link} aria-label={`Edit ${row.name}`}>
                    Edit
                  </Link>
                  <Link
                    to={deleteQuery(row.id)}
                    className={css.link}
                    aria-label={`Delete ${row.name}`}
                  >
                    Delete
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
  return (
    <Form method="post" className={css.confirm} aria-label={`Delete ${name}`}>
      <p role="alert">{error ?? `Delete ${name}? This cannot be undone.`}</p>
      <input type="hidden" name="intent" value="delete" />
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <span className={css.actions}>
        {error ? null : <Button type="submit">{`Delete ${name}`}</Button>}
        <Link to={cancel} className={css.link}>
          Cancel
        </Link>
      </span>
    </Form>
  );
}
