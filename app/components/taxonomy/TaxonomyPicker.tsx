import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { ComboBox } from "react-aria-components/ComboBox";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Tag, TagGroup, TagList } from "react-aria-components/TagGroup";
import { useT } from "~/components/locale/locale-context";
import { resolveKeyed } from "~/models/locale/keyed";
import { fieldLabel, type WidgetProps } from "~/components/metadata/editors/widget";
import * as editors from "~/components/metadata/editors/editors.css";
import {
  TAXONOMY_SEARCH_DEBOUNCE_MS,
  type FieldTaxonomy,
  type PickerItem,
} from "~/models/taxonomy/taxonomy-fields";
import { visuallyHidden } from "~/styles/global.css";
import { loadPickerPage } from "./TaxonomyPickerData";
import { TaxonomyTreePopover } from "./TaxonomyPickerTree";
import * as css from "./taxonomy-picker.css";

/** Terms the picker has met, by value, so chosen values show by their names. */
function useNames(taxonomy: FieldTaxonomy) {
  const [names, setNames] = useState(taxonomy.names);
  const learn = (item: { value: string; name: string }) =>
    setNames((n) => (n[item.value] === item.name ? n : { ...n, [item.value]: item.name }));
  return { names, learn };
}

/**
 * A taxonomy-backed field's widget (decision 060). With JavaScript: the chosen terms by their
 * names (a bag's as removable tags), a search over the taxonomy (300 ms after the last key, spec
 * 002 §9) and a tree to browse; only terms allowing Set can be chosen, and a field without
 * TaxonomyOnly also takes a typed value. Without JavaScript, TaxonomyPlainPicker stands in.
 */
export function TaxonomyPicker(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus } = props;
  const t = useT();
  // The picker's own failures come keyed (TaxonomyPickerData); the server's, already in words.
  const resolve = (text: string) => resolveKeyed(text, t);
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
          aria-label={t("taxonomy.picker.values", { label: field.label })}
          onRemove={
            isDisabled ? undefined : (keys) => onChange?.(values.filter((v) => !keys.has(v)))
          }
        >
          <TagList
            className={editors.tags}
            items={values.map((v) => ({ id: v }))}
            renderEmptyState={() => (
              <span className={editors.notice}>{t("taxonomy.picker.noValues")}</span>
            )}
          >
            {(item) => (
              <Tag id={item.id} className={editors.tag} textValue={shownName(item.id)}>
                {shownName(item.id)}
                {isDisabled ? null : (
                  <AriaButton
                    slot="remove"
                    className={editors.tagButton}
                    aria-label={t("taxonomy.picker.remove", { name: shownName(item.id) })}
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
          {values.length === 0 ? t("taxonomy.picker.noValue") : shownName(values[0]!)}
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
            {fieldLabel(t, field)}
          </Label>
          <Input
            className={editors.input}
            placeholder={
              taxonomy.only
                ? t("taxonomy.picker.search", { name: taxonomy.name })
                : t("taxonomy.picker.searchOrType")
            }
            autoFocus={autoFocus}
            onKeyDown={onKeyDown}
          />
          <Popover className={editors.popover}>
            <ListBox<PickerItem>
              className={editors.listBox}
              renderEmptyState={() => (
                <p className={editors.notice}>
                  {t(searching ? "taxonomy.picker.searching" : "taxonomy.picker.noneFound")}
                </p>
              )}
            >
              {(item) => (
                <ListBoxItem id={item.id} className={editors.option} textValue={item.name}>
                  {item.name}
                  {item.selectable ? "" : ` ${t("taxonomy.picker.heading")}`}
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
          {resolve(searchError)}
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
