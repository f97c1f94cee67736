import { Button } from "react-aria-components/Button";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select, SelectValue } from "react-aria-components/Select";
import { FieldFrame } from "./FieldFrame";
import { selectOptions } from "./field-form";
import type { WidgetProps } from "./widget";
import * as css from "./editors.css";

/**
 * A dropdown: the field's options only. react-aria's Select opens with script only: without it,
 * PlainFieldWidget's native select with the same name stands in.
 */
export function SelectEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus } = props;
  const current = values[0] ?? "";
  const options = selectOptions(field, current);
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
