import { useT } from "~/components/locale/locale-context";
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { Button } from "react-aria-components/Button";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { Tag, TagGroup, TagList } from "react-aria-components/TagGroup";
import { TextField } from "react-aria-components/TextField";
import { visuallyHidden } from "~/styles/global.css";
import { splitEntries } from "./field-form";
import { fieldLabel, placeholderOf, type WidgetProps } from "./widget";
import * as css from "./editors.css";

/**
 * A bag field (tags): removable tags and an input that adds what is typed on Enter, at a
 * semicolon, or as pasted text split into entries (spec 002 §5). Each tag posts as a repeated
 * hidden input. Without JavaScript it is a text area with one value per line.
 */
export function TagsEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus } = props;
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = (text: string) => {
    const entries = splitEntries([text]).filter((v) => !values.includes(v));
    if (entries.length > 0) onChange?.([...values, ...entries]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the typed tag; with nothing typed (or with Shift) it is the editor's key.
    if (event.key === "Enter" && !event.shiftKey && draft.trim() !== "") {
      event.preventDefault();
      add(draft);
      return;
    }
    if (event.key === "Enter" && !event.shiftKey) event.preventDefault();
    if (event.key === "Enter" && event.shiftKey && draft.trim() !== "") add(draft);
    props.onKeyDown?.(event);
  };
  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData("text");
    if (!/[;\n]/.test(text)) return;
    event.preventDefault();
    add(draft + text);
  };
  return (
    <div className={css.field} data-label-placement={field.labelPlacement}>
      <TagGroup
        aria-label={t("asset.editor.values", { label: field.label })}
        onRemove={
          field.readonly || isDisabled
            ? undefined
            : (keys) => onChange?.(values.filter((v) => !keys.has(v)))
        }
      >
        <TagList
          className={css.tags}
          items={values.map((v) => ({ id: v }))}
          renderEmptyState={() => <span className={css.notice}>{t("asset.editor.noValues")}</span>}
        >
          {(item) => (
            <Tag id={item.id} className={css.tag} textValue={item.id}>
              {item.id}
              {field.readonly || isDisabled ? null : (
                <Button
                  slot="remove"
                  className={css.tagButton}
                  aria-label={t("asset.editor.remove", { value: item.id })}
                >
                  ×
                </Button>
              )}
            </Tag>
          )}
        </TagList>
      </TagGroup>
      {values.map((v) => (
        <input key={v} type="hidden" name={name} value={v} />
      ))}
      {field.readonly ? null : (
        <TextField
          value={draft}
          onChange={(text) => (/;/.test(text) ? add(text) : setDraft(text))}
          onKeyDown={onKeyDown}
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
          autoFocus={autoFocus}
          validationBehavior="aria"
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <Label className={field.labelPlacement === "none" ? visuallyHidden : css.label}>
            {fieldLabel(t, field)}
          </Label>
          <Input
            className={css.input}
            placeholder={placeholderOf(t, field) ?? t("asset.editor.addValue")}
            onPaste={onPaste}
          />
        </TextField>
      )}
      {error ? (
        <span id={`${id}-error`} className={css.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
