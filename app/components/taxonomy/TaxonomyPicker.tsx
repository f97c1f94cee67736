import { useLocation } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { ComboBox } from "react-aria-components/ComboBox";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { Link } from "react-aria-components/Link";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Tag, TagGroup, TagList } from "react-aria-components/TagGroup";
import { PlainFrame } from "~/components/metadata/editors/FieldFrame";
import { requiredMark, type WidgetProps } from "~/components/metadata/editors/widget";
import * as editors from "~/components/metadata/editors/editors.css";
import {
  TAXONOMY_SEARCH_DEBOUNCE_MS,
  type FieldTaxonomy,
  type PickerItem,
  type TaxonomyChoice,
} from "~/models/taxonomy/taxonomy-fields";
import { LINKS } from "~/utils/links";
import { visuallyHidden } from "~/styles/global.css";
import { loadPickerPage } from "./TaxonomyPickerData";
import { TaxonomyTreePopover } from "./TaxonomyPickerTree";
import * as css from "./taxonomy-picker.css";

/**
 * A taxonomy-backed field's widget (decision 060). With JavaScript: the chosen terms by their
 * names (a bag's as removable tags), a search over the taxonomy (300 ms after the last key, spec
 * 002 §9) and a tree to browse; only terms allowing Set can be chosen, and a field without
 * TaxonomyOnly also takes a typed value. Without JavaScript: a select (one value) or a checkbox
 * list (a bag) of the first terms, and a link to the browse page of the whole tree.
 */
export function TaxonomyPicker(props: WidgetProps) {
  return props.hydrated ? <ScriptedPicker {...props} /> : <PlainPicker {...props} />;
}

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

function PlainPicker({ field, name, values, error, isDisabled }: WidgetProps) {
  const id = useId();
  const taxonomy = field.taxonomy!;
  const browse = useBrowseHref(field, values);
  const offered = new Set(taxonomy.choices.filter((c) => c.selectable).map((c) => c.value));
  const others = values.filter((v) => !offered.has(v));
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const hint = (
    <span id={`${id}-hint`} className={editors.help}>
      {taxonomy.more ? "The first terms are listed. " : ""}
      <Link href={browse} className={css.link}>
        Browse all terms of {taxonomy.name}
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
          <option value="">No value</option>
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
      <legend className={editors.label}>
        {field.label}
        {requiredMark(field)}
      </legend>
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
          <span>Other values, one per line</span>
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

/** Terms the picker has met, by value, so chosen values show by their names. */
function useNames(taxonomy: FieldTaxonomy) {
  const [names, setNames] = useState(taxonomy.names);
  const learn = (item: { value: string; name: string }) =>
    setNames((n) => (n[item.value] === item.name ? n : { ...n, [item.value]: item.name }));
  return { names, learn };
}

function ScriptedPicker(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus } = props;
  const taxonomy = field.taxonomy!;
  const id = useId();
  const { names, learn } = useNames(taxonomy);
  const [text, setText] = useState("");
  const [found, setFound] = useState<PickerItem[]>([]);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setFound([]);
      return;
    }
    const abort = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      loadPickerPage(taxonomy.pickerHref, { q: query }, abort.signal).then(
        ({ page }) => {
          setFound(page.items);
          setSearchError(null);
          setSearching(false);
        },
        (e: unknown) => {
          if (abort.signal.aborted) return;
          setSearchError(e instanceof Error ? e.message : String(e));
          setSearching(false);
        },
      );
    }, TAXONOMY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, taxonomy.pickerHref]);

  const pick = (item: { value: string; name: string } | null) => {
    if (item === null) onChange?.([]);
    else {
      learn(item);
      if (!field.multiInstance) onChange?.([item.value]);
      else if (!values.includes(item.value)) onChange?.([...values, item.value]);
    }
    setText("");
    setFound([]);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const typed = text.trim();
    if (event.key === "Enter" && typed && !taxonomy.only && found.length === 0) {
      event.preventDefault();
      pick({ value: typed, name: typed });
      return;
    }
    // With nothing typed, Enter and Escape are the inline editor's (save, cancel).
    if (!typed) props.onKeyDown?.(event);
  };
  const shownName = (v: string) => names[v] ?? v;
  const describedBy = error ? `${id}-error` : undefined;

  return (
    <div className={css.picker} data-label-placement={field.labelPlacement}>
      {props.addOnly ? null : field.multiInstance ? (
        <TagGroup
          aria-label={`${field.label} values`}
          onRemove={
            isDisabled ? undefined : (keys) => onChange?.(values.filter((v) => !keys.has(v)))
          }
        >
          <TagList
            className={editors.tags}
            items={values.map((v) => ({ id: v }))}
            renderEmptyState={() => <span className={editors.notice}>No values</span>}
          >
            {(item) => (
              <Tag id={item.id} className={editors.tag} textValue={shownName(item.id)}>
                {shownName(item.id)}
                {isDisabled ? null : (
                  <AriaButton
                    slot="remove"
                    className={editors.tagButton}
                    aria-label={`Remove ${shownName(item.id)}`}
                  >
                    ×
                  </AriaButton>
                )}
              </Tag>
            )}
          </TagList>
        </TagGroup>
      ) : (
        <p className={editors.value} data-empty={values.length === 0 ? "true" : "false"}>
          <span className={visuallyHidden}>{field.label}: </span>
          {values.length === 0 ? "No value" : shownName(values[0]!)}
        </p>
      )}
      {props.addOnly
        ? null
        : values.map((v) => <input key={v} type="hidden" name={name} value={v} />)}
      <div className={css.row}>
        <ComboBox
          className={css.combo}
          aria-describedby={describedBy}
          inputValue={text}
          onInputChange={setText}
          items={found}
          disabledKeys={found.filter((i) => !i.selectable).map((i) => i.id)}
          onSelectionChange={(key) => {
            const item = found.find((i) => i.id === key);
            if (item?.selectable) pick(item);
          }}
          selectedKey={null}
          isDisabled={isDisabled}
          isInvalid={Boolean(error)}
          menuTrigger="input"
          // The matches arrive after the debounce: the list opens at once and fills then; with
          // the text cleared (a term picked) it closes.
          allowsEmptyCollection={text.trim() !== ""}
        >
          <Label className={field.labelPlacement === "none" ? visuallyHidden : editors.label}>
            {field.label}
            {requiredMark(field)}
          </Label>
          <Input
            className={editors.input}
            placeholder={taxonomy.only ? `Search ${taxonomy.name}` : "Search or type a value"}
            autoFocus={autoFocus}
            onKeyDown={onKeyDown}
          />
          <Popover className={editors.popover}>
            <ListBox<PickerItem>
              className={editors.listBox}
              renderEmptyState={() => (
                <p className={editors.notice}>{searching ? "Searching…" : "No terms found"}</p>
              )}
            >
              {(item) => (
                <ListBoxItem id={item.id} className={editors.option} textValue={item.name}>
                  {item.name}
                  {item.selectable ? "" : " (heading)"}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        <TaxonomyTreePopover
          taxonomy={taxonomy}
          label={field.label}
          allowEmpty={!field.multiInstance && !field.required}
          isDisabled={isDisabled}
          onPick={pick}
        />
      </div>
      {searchError ? (
        <span className={editors.error} role="status">
          {searchError}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={editors.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
