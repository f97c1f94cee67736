import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/components/locale/locale-context";
import { Button } from "~/components/ui/Button";
import type { TaxonomyItemInfoView } from "~/models/taxonomy/taxonomy.view";
import type { TreeLinks } from "./TaxonomyTree";
import * as css from "./taxonomy.css";

/*
 * The tree's search (spec 002 "Taxonomy tree"): results replace the tree; an empty search brings
 * the root back. A search the server cannot read (a quote left open, control characters) shows
 * the "malformed search" message beside the box, as the spec's tooltip does.
 */

// eslint-disable-next-line no-control-regex -- control characters make a search malformed
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A quote left open, or characters that are not text. */
export function malformedSearch(q: string): boolean {
  return (q.match(/"/g)?.length ?? 0) % 2 === 1 || CONTROL.test(q);
}

export function TreeSearch({ here, q }: { here: string; q: string }) {
  const t = useT();
  const [text, setText] = useState(q);
  const bad = malformedSearch(text);
  return (
    <Form method="get" action={here} className={css.row} role="search">
      <label>
        {t("taxonomy.search.label")}{" "}
        <input
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={css.native}
          aria-invalid={bad}
          aria-describedby={bad ? "tree-search-error" : undefined}
        />
      </label>
      <Button type="submit" variant="secondary">
        {t("taxonomy.search.submit")}
      </Button>
      {bad ? (
        <span id="tree-search-error" role="tooltip" className={css.searchError}>
          {t("taxonomy.search.malformed")}
        </span>
      ) : null}
    </Form>
  );
}

export function SearchResults(props: {
  items: (TaxonomyItemInfoView & { path: string })[];
  total: number;
  links: TreeLinks;
}) {
  const t = useT();
  if (props.items.length === 0) return <p>{t("taxonomy.search.none")}</p>;
  return (
    <ul className={css.tree} aria-label={t("taxonomy.search.results")}>
      {props.items.map((item) => (
        <li key={item.id} className={css.node}>
          <Link to={props.links.action("edit", item.id)} className={css.label}>
            {item.name}
          </Link>
          <span className={css.value}>{item.path}</span>
          <span className={css.actions}>
            <Link to={props.links.action("delete", item.id)} className={css.link}>
              {t("taxonomy.action.delete")}
            </Link>
          </span>
        </li>
      ))}
      {props.total > props.items.length ? (
        <li>{t("taxonomy.search.more", { count: props.total - props.items.length })}</li>
      ) : null}
    </ul>
  );
}
