import { Form, Link } from "@remix-run/react";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
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
  const t = useT();
  return (
    <Form
      method="post"
      className={css.form}
      aria-label={t("taxonomy.item.deleteNamed", { name: props.item.name })}
    >
      <p>
        <Msg
          id={
            props.item.hasChildren
              ? "taxonomy.item.deleteQuestionTree"
              : "taxonomy.item.deleteQuestion"
          }
          values={{ name: props.item.name }}
          components={{ 0: <strong /> }}
        />
      </p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="item" value={props.item.id} />
      <Hidden open={props.open} q={props.q} />
      <div className={css.row}>
        <Button type="submit">{t("taxonomy.action.delete")}</Button>
        <Link to={props.cancel} className={css.link}>
          {t("taxonomy.action.cancel")}
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
  const t = useT();
  const name = props.item.name;
  return (
    <Form method="post" className={css.form} aria-label={t("taxonomy.item.moveNamed", { name })}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="item" value={props.item.id} />
      <Hidden open={props.open} q={props.q} />
      <DeferredSelectField
        label={t("taxonomy.item.moveUnder", { name })}
        name="parent"
        options={[
          { value: "", label: t("taxonomy.item.topLevel") },
          ...props.parents.map((p) => ({ value: String(p.id), label: p.path })),
        ]}
      />
      <div className={css.row}>
        <Button type="submit">{t("taxonomy.action.move")}</Button>
        <Link to={props.cancel} className={css.link}>
          {t("taxonomy.action.cancel")}
        </Link>
      </div>
    </Form>
  );
}

export function ImportForm({ maxKb, error }: { maxKb: number; error?: string }) {
  const t = useT();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className={css.form}
      aria-label={t("taxonomy.import.title")}
    >
      <input type="hidden" name="intent" value="import" />
      <label>
        {t("taxonomy.import.file", { max: maxKb })}{" "}
        <input type="file" name="file" accept=".csv,text/csv" className={css.native} />
      </label>
      {error ? <p className={css.error}>{error}</p> : null}
      <p className={css.value}>{t("taxonomy.import.columns")}</p>
      <div>
        <Button type="submit" variant="secondary">
          {t("taxonomy.import.submit")}
        </Button>
      </div>
    </Form>
  );
}

export function Pager({ here, page, pages }: { here: string; page: number; pages: number }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("taxonomy.pager.label")} className={css.row}>
      {page > 0 ? <Link to={`${here}?p=${page - 1}`}>{t("taxonomy.pager.previous")}</Link> : null}
      <span>{t("taxonomy.pager.page", { page: page + 1, pages })}</span>
      {page + 1 < pages ? (
        <Link to={`${here}?p=${page + 1}`}>{t("taxonomy.pager.next")}</Link>
      ) : null}
    </nav>
  );
}
