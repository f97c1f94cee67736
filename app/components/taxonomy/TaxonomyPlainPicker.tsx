import { useLocation } from "@remix-run/react";
import { useId } from "react";
import { Link } from "react-aria-components/Link";
import { PlainFrame } from "~/components/metadata/editors/FieldFrame";
import { fieldLabel, type WidgetProps } from "~/components/metadata/editors/widget";
import { useT } from "~/components/locale/locale-context";
import * as editors from "~/components/metadata/editors/editors.css";
import type { TaxonomyChoice } from "~/models/taxonomy/taxonomy-fields";
import { LINKS } from "~/utils/links";
import * as css from "./taxonomy-picker.css";

/*
 * A taxonomy-backed field without JavaScript (decision 060): a select (one value) or a checkbox
 * list (a bag) of the first terms, and a link to the browse page of the whole tree. Apart from
 * the scripted picker, whose combo box, tags and tree a plain form does not load.
 */

const indent = (c: TaxonomyChoice) => `${"\u2003".repeat(c.depth)}${c.name}`;

/** The browse page's address for this field, posting back to the asset when on one. */
function useBrowseHref(field: WidgetProps["field"], values: string[]) {
  const location = useLocation();
  const taxonomy = field.taxonomy!;
  const query = new URLSearchParams();
  if (location.pathname.startsWith(LINKS.archives)) {
    query.set("asset", location.pathname);
    for (const v of values) query.append("value", v);
    if (field.required) query.set("required", "1");
  }
  const text = query.toString();
  return text ? `${taxonomy.pickerHref}?${text}` : taxonomy.pickerHref;
}

export function TaxonomyPlainPicker({ field, name, values, error, isDisabled }: WidgetProps) {
  const t = useT();
  const id = useId();
  const taxonomy = field.taxonomy!;
  const browse = useBrowseHref(field, values);
  const offered = new Set(taxonomy.choices.filter((c) => c.selectable).map((c) => c.value));
  const others = values.filter((v) => !offered.has(v));
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const hint = (
    <span id={`${id}-hint`} className={editors.help}>
      {taxonomy.more ? `${t("taxonomy.plain.first")} ` : ""}
      <Link href={browse} className={css.link}>
        {t("taxonomy.plain.browseAll", { name: taxonomy.name })}
      </Link>
    </span>
  );
  if (!field.multiInstance) {
    if (!taxonomy.only)
      return (
        <PlainFrame field={field} id={id} error={error}>
          <input
            id={id}
            name={name}
            defaultValue={values[0] ?? ""}
            list={`${id}-terms`}
            className={editors.input}
            disabled={isDisabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <datalist id={`${id}-terms`}>
            {taxonomy.choices
              .filter((c) => c.selectable)
              .map((c) => (
                <option key={c.id} value={c.value}>
                  {c.name}
                </option>
              ))}
          </datalist>
          {hint}
        </PlainFrame>
      );
    return (
      <PlainFrame field={field} id={id} error={error}>
        <select
          id={id}
          name={name}
          defaultValue={values[0] ?? ""}
          className={editors.input}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">{t("taxonomy.picker.noValue")}</option>
          {others.map((v) => (
            <option key={`held-${v}`} value={v}>
              {taxonomy.names[v] ?? v}
            </option>
          ))}
          {taxonomy.choices.map((c) => (
            // A heading's value is never posted (disabled), and must not match "No value".
            <option
              key={c.id}
              value={c.selectable ? c.value : `heading:${c.id}`}
              disabled={!c.selectable}
            >
              {indent(c)}
            </option>
          ))}
        </select>
        {hint}
      </PlainFrame>
    );
  }
  return (
    <fieldset
      className={editors.field}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className={editors.label}>{fieldLabel(t, field)}</legend>
      <ul className={css.list}>
        {taxonomy.choices.map((c) => (
          <li key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
            {c.selectable ? (
              <label className={css.entry}>
                <input
                  type="checkbox"
                  name={name}
                  value={c.value}
                  defaultChecked={values.includes(c.value)}
                  disabled={isDisabled}
                />
                {c.name}
              </label>
            ) : (
              <span className={css.heading}>{c.name}</span>
            )}
          </li>
        ))}
        {taxonomy.only
          ? others.map((v) => (
              <li key={`held-${v}`}>
                <label className={css.entry}>
                  <input type="checkbox" name={name} value={v} defaultChecked />
                  {taxonomy.names[v] ?? v}
                </label>
              </li>
            ))
          : null}
      </ul>
      {taxonomy.only ? null : (
        <label className={editors.field}>
          <span>{t("taxonomy.plain.others")}</span>
          <textarea
            name={name}
            defaultValue={others.join("\n")}
            className={editors.textarea}
            rows={3}
            disabled={isDisabled}
          />
        </label>
      )}
      {hint}
      {error ? (
        <span id={`${id}-error`} className={editors.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
