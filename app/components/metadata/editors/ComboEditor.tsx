import { useId } from "react";
import { Button } from "react-aria-components/Button";
import { ComboBox } from "react-aria-components/ComboBox";
import { Input } from "react-aria-components/Input";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { FieldFrame, PlainFrame } from "./FieldFrame";
import { placeholderOf, type WidgetProps } from "./widget";
import * as css from "./editors.css";

/**
 * An input-dropdown: the options offered, any other value allowed. Without JavaScript a text
 * input with a datalist offers the same.
 */
export function ComboEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus, hydrated, mixed } = props;
  const id = useId();
  const current = values[0] ?? "";
  if (!hydrated) {
    return (
      <PlainFrame field={field} id={id} error={error}>
        <input
          id={id}
          name={name}
          defaultValue={current}
          list={`${id}-options`}
          className={css.input}
          placeholder={placeholderOf(field, mixed)}
          disabled={isDisabled}
          readOnly={field.readonly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <datalist id={`${id}-options`}>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </datalist>
      </PlainFrame>
    );
  }
  return (
    <ComboBox
      name={name}
      className={css.field}
      data-label-placement={field.labelPlacement}
      allowsCustomValue
      inputValue={current}
      onInputChange={(value) => onChange?.(value === "" ? [] : [value])}
      onSelectionChange={(key) => {
        if (key !== null) onChange?.([String(key)]);
      }}
      defaultItems={field.options}
      isInvalid={Boolean(error)}
      isRequired={field.required}
      isDisabled={isDisabled}
      isReadOnly={field.readonly}
      validationBehavior="aria"
      menuTrigger="focus"
    >
      <FieldFrame field={field} error={error}>
        <div className={css.comboRow}>
          <Input
            className={css.input}
            placeholder={placeholderOf(field, mixed)}
            autoFocus={autoFocus}
            onKeyDown={props.onKeyDown}
          />
          <Button className={css.tagButton} aria-label={`Show ${field.label} options`}>
            ▾
          </Button>
        </div>
        <Popover className={css.popover}>
          <ListBox className={css.listBox}>
            {(o: { value: string; label: string }) => (
              <ListBoxItem id={o.value} className={css.option} textValue={o.value}>
                {o.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </FieldFrame>
    </ComboBox>
  );
}
