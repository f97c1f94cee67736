import { Form } from "@remix-run/react";
import { Link } from "react-aria-components/Link";
import { useT } from "~/components/locale/locale-context";
import { Button } from "~/components/ui/Button";
import { EDITED_NAME, valueName } from "~/components/metadata/editors/field-form";
import type { PickerBrowse } from "~/http/taxonomy/taxonomy-picker.server";
import type { FormReplyBody } from "~/http/error";
import { TextField } from "~/components/ui/TextField";
import { EMPTY_ENTRY_HREF, taxonomyPickerPath } from "~/models/taxonomy/taxonomy-fields";
import { page as pageStyle, panel } from "~/styles/global.css";
import { taxonomyItemAdminHref } from "~/utils/links";
import * as css from "./taxonomy-picker.css";

/**
 * The plain page of a field's taxonomy (decision 060), for a person without JavaScript: one level
 * of the tree (or a search's matches) with links into each branch, paging, and, when opened from
 * an asset's form, radio buttons (a single value) or checkboxes (a bag) for the terms that may be
 * chosen. Its form posts the field's whole new value to the asset page's edit; the bag's values
 * not on this page go along unchanged. People who may edit the taxonomy add a term here, and edit
 * or delete one through its form on the administration page.
 */
export function TaxonomyBrowse({
  data,
  reply,
}: {
  data: PickerBrowse;
  /** A refused addition (allowTaxonomyEditing), shown by its field. */
  reply?: FormReplyBody;
}) {
  const t = useT();
  const { page, label, multi, asset, values, required } = data;
  const here = (more: Record<string, string | number | null>) => {
    const query = new URLSearchParams();
    const all = { parent: page.parent?.id ?? null, q: page.query || null, ...more };
    for (const [k, v] of Object.entries(all)) if (v !== null && v !== "") query.set(k, String(v));
    if (asset) query.set("asset", asset);
    for (const v of values) query.append("value", v);
    if (required) query.set("required", "1");
    return `?${query}`;
  };
  const shownValues = new Set(page.items.map((i) => i.value));
  const keep = multi ? values.filter((v) => !shownValues.has(v)) : [];
  const choosable = Boolean(asset);
  const name = (v: string) => page.items.find((i) => i.value === v)?.name ?? v;
  const list = (
    <ul className={css.list} aria-label={t("taxonomy.picker.termsOf", { name: page.taxonomy })}>
      {!multi && choosable && !required && page.offset === 0 ? (
        <li className={css.entry} data-href={EMPTY_ENTRY_HREF}>
          <input
            type="radio"
            id="term-empty"
            name={valueName(page.field)}
            value=""
            defaultChecked={values.length === 0}
          />
          <label htmlFor="term-empty">{t("taxonomy.picker.noValue")}</label>
        </li>
      ) : null}
      {page.items.map((item) => {
        const id = `term-${item.id}`;
        return (
          <li key={item.id} className={css.entry}>
            {choosable && item.selectable ? (
              <>
                <input
                  type={multi ? "checkbox" : "radio"}
                  id={id}
                  name={valueName(page.field)}
                  value={item.value}
                  defaultChecked={values.includes(item.value)}
                />
                <label htmlFor={id}>{item.name}</label>
              </>
            ) : (
              <span className={item.selectable ? undefined : css.heading}>
                {item.name}
                {item.selectable ? "" : ` ${t("taxonomy.browse.headingNote")}`}
              </span>
            )}
            {item.hasChildren && !page.query ? (
              <Link href={here({ parent: item.id, offset: null })} className={css.link}>
                {t("taxonomy.tree.open", { name: item.name })}
              </Link>
            ) : null}
            {data.canEdit ? (
              <Link
                href={taxonomyItemAdminHref(page.field, item.id)}
                className={css.link}
                aria-label={t("taxonomy.item.edit", { name: item.name })}
              >
                {t("taxonomy.action.edit")}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
  const pages = (
    <p className={css.entry}>
      {page.total === 0
        ? t("taxonomy.browse.none")
        : t("taxonomy.browse.range", {
            from: page.offset + 1,
            to: Math.min(page.offset + page.limit, page.total),
            total: page.total,
          })}
      {page.offset > 0 ? (
        <Link href={here({ offset: Math.max(0, page.offset - page.limit) })} className={css.link}>
          {t("taxonomy.browse.previous")}
        </Link>
      ) : null}
      {page.offset + page.limit < page.total ? (
        <Link href={here({ offset: page.offset + page.limit })} className={css.link}>
          {t("taxonomy.picker.more")}
        </Link>
      ) : null}
    </p>
  );
  return (
    <div className={pageStyle}>
      <h1>{t("taxonomy.browse.title", { label })}</h1>
      <div className={panel}>
        <nav aria-label={t("taxonomy.browse.crumbs")}>
          <ol className={css.crumbs}>
            <li>
              <Link href={here({ parent: null, q: null, offset: null })} className={css.link}>
                {page.taxonomy}
              </Link>
            </li>
            {page.ancestors.map((a) => (
              <li key={a.id}>
                ›{" "}
                <Link href={here({ parent: a.id, q: null, offset: null })} className={css.link}>
                  {a.name}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <Form
          method="get"
          action={taxonomyPickerPath(page.field)}
          role="search"
          aria-label={t("taxonomy.picker.search", { name: page.taxonomy })}
        >
          {asset ? <input type="hidden" name="asset" value={asset} /> : null}
          {values.map((v) => (
            <input key={v} type="hidden" name="value" value={v} />
          ))}
          {required ? <input type="hidden" name="required" value="1" /> : null}
          <label htmlFor="term-search">{t("taxonomy.browse.searchLabel")}</label>{" "}
          <input id="term-search" type="search" name="q" defaultValue={page.query} />{" "}
          <Button type="submit" variant="secondary">
            {t("taxonomy.browse.search")}
          </Button>
        </Form>
        {choosable ? (
          <Form
            method="post"
            action={`${asset}?edit=metadata`}
            aria-label={t("taxonomy.browse.title", { label })}
          >
            <input type="hidden" name={EDITED_NAME} value={page.field} />
            {keep.map((v) => (
              <input key={v} type="hidden" name={valueName(page.field)} value={v} />
            ))}
            {keep.length > 0 ? (
              <p>{t("taxonomy.browse.kept", { names: keep.map(name).join("; ") })}</p>
            ) : null}
            {list}
            {pages}
            <div className={css.entry}>
              <Button type="submit">{t("taxonomy.action.save")}</Button>
              <Link href={asset!} className={css.link}>
                {t("taxonomy.browse.back")}
              </Link>
            </div>
          </Form>
        ) : (
          <>
            {list}
            {pages}
          </>
        )}
        {data.canEdit && !page.query ? (
          <Form
            method="post"
            action={`${taxonomyPickerPath(page.field)}${here({})}`}
            aria-label={t("taxonomy.picker.addTo", { name: page.parent?.name ?? page.taxonomy })}
            className={css.addRow}
          >
            {page.parent ? <input type="hidden" name="parent" value={page.parent.id} /> : null}
            <TextField
              label={t("taxonomy.browse.newTermIn", { name: page.parent?.name ?? page.taxonomy })}
              name="name"
              errors={reply?.fieldErrors?.name}
            />
            <Button type="submit" variant="secondary">
              {t("taxonomy.picker.addTerm")}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
