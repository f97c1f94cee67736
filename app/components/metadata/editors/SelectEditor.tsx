import { useId } from "react";
import { Button } from "react-aria-components/Button";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select, SelectValue } from "react-aria-components/Select";
import { FieldFrame, PlainFrame } from "./FieldFrame";
import type { WidgetProps } from "./widget";
import * as css from "./editors.css";

/** The empty choice of a field that may be empty. */
const NONE = { value: "", label: "(none)" };

/**
 * A dropdown: the field's options only. react-aria's Select opens with script only, so the server
 * renders a native select with the same name, and hydration swaps in react-aria's.
 */
export function SelectEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus, hydrated } = props;
  const id = useId();
  const current = values[0] ?? "";
  // A stored value that is no longer an option stays choosable, so a save does not drop it.
  const options = [
    ...(field.required ? [] : [NONE]),
    ...field.options,
    ...(current && !field.options.some((o) => o.value === current)
      ? [{ value: current, label: current }]
      : []),
  ];
  if (!hydrated) {
    return (
      <PlainFrame field={field} id={id} error={error}>
        <select
          id={id}
          name={name}
          defaultValue={current}
          className={css.input}
          disabled={isDisabled || field.readonly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </PlainFrame>
    );
  }
  return (
    <Select
      name={name}
      className={css.field}
      data-label-placement={field.labelPlacement}
      selectedKey={current}
      onSelectionChange={(key) => onChange?.(key === null || key === "" ? [] : [String(key)])}
      isInvalid={Boolean(error)}
      isRequired={field.required}
      isDisabled={isDisabled || field.readonly}
      validationBehavior="aria"
      autoFocus={autoFocus}
    >
      <FieldFrame field={field} error={error}>
        <Button className={css.selectButton} onKeyDown={props.onKeyDown}>
          <SelectValue />
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className={css.popover}>
          <ListBox className={css.listBox} items={options}>
            {(o) => (
              <ListBoxItem id={o.value} className={css.option} textValue={o.label}>
                {o.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </FieldFrame>
    </Select>
  );
}
