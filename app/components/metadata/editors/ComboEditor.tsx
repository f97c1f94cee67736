import { useT } from "~/components/locale/locale-context";
import { Button } from "react-aria-components/Button";
import { ComboBox } from "react-aria-components/ComboBox";
import { Input } from "react-aria-components/Input";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { FieldFrame } from "./FieldFrame";
import { placeholderOf, type WidgetProps } from "./widget";
import * as css from "./editors.css";

/**
 * An input-dropdown: the options offered, any other value allowed. Without JavaScript a text
 * input with a datalist offers the same.
 */
export function ComboEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus, mixed } = props;
  const t = useT();
  const current = values[0] ?? "";
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
            placeholder={placeholderOf(t, field, mixed)}
            autoFocus={autoFocus}
            onKeyDown={props.onKeyDown}
          />
          <Button
            className={css.tagButton}
            aria-label={t("asset.editor.showOptions", { label: field.label })}
          >
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
