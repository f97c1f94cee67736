import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import type { TaxonomyItemInfoView } from "~/models/taxonomy/taxonomy.view";
import * as css from "./taxonomy.css";

/* The tree page's smaller forms (decision 059): delete, move, import, and search. */

const Hidden = ({ open, q }: { open: number[]; q: string }) => (
  <>
    <input type="hidden" name="open" value={open.join(",")} />
    {q ? <input type="hidden" name="q" value={q} /> : null}
  </>
);

export function DeleteItemForm(props: {
  item: TaxonomyItemInfoView;
  open: number[];
  q: string;
  cancel: string;
}) {
  return (
    <Form method="post" className={css.form} aria-label={`Delete ${props.item.name}`}>
      <p>
        Delete <strong>{props.item.name}</strong>
        {props.item.hasChildren ? " and everything under it" : ""}?
      </p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="item" value={props.item.id} />
      <Hidden open={props.open} q={props.q} />
      <div className={css.row}>
        <Button type="submit">Delete</Button>
        <Link to={props.cancel} className={css.link}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function MoveItemForm(props: {
  item: TaxonomyItemInfoView;
  parents: { id: number; path: string }[];
  open: number[];
  q: string;
  cancel: string;
}) {
  return (
    <Form method="post" className={css.form} aria-label={`Move ${props.item.name}`}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="item" value={props.item.id} />
      <Hidden open={props.open} q={props.q} />
      <DeferredSelectField
        label={`Move ${props.item.name} under`}
        name="parent"
        options={[
          { value: "", label: "(the top level)" },
          ...props.parents.map((p) => ({ value: String(p.id), label: p.path })),
        ]}
      />
      <div className={css.row}>
        <Button type="submit">Move</Button>
        <Link to={props.cancel} className={css.link}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function ImportForm({ maxKb, error }: { maxKb: number; error?: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className={css.form} aria-label="Import">
      <input type="hidden" name="intent" value="import" />
      <label>
        CSV file (at most {maxKb} KB){" "}
        <input type="file" name="file" accept=".csv,text/csv" className={css.native} />
      </label>
      {error ? <p className={css.error}>{error}</p> : null}
      <p className={css.value}>
        Columns: path, name, value, description, customSearch, acl. The path is the ancestors&apos;
        names joined by &quot; &gt; &quot;; nothing is imported if any line has a problem.
      </p>
      <div>
        <Button type="submit" variant="secondary">
          Import
        </Button>
      </div>
    </Form>
  );
}

export function Pager({ here, page, pages }: { here: string; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className={css.row}>
      {page > 0 ? <Link to={`${here}?p=${page - 1}`}>Previous page</Link> : null}
      <span>
        Page {page + 1} of {pages}
      </span>
      {page + 1 < pages ? <Link to={`${here}?p=${page + 1}`}>Next page</Link> : null}
    </nav>
  );
}
