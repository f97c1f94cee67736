import type { Ref } from "react";
import { Button } from "react-aria-components/Button";
import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select, SelectValue } from "react-aria-components/Select";
import * as css from "~/components/search/advanced-search.css";
import type { SelectOption } from "./NativeSelectField";
import * as controls from "./controls.css";

interface Common {
  label: string;
  name: string;
  /** The id of the form it posts with, when it stands outside it. */
  form?: string;
  options: readonly SelectOption[];
  error?: string;
  /** What the button says while nothing is chosen. */
  placeholder?: string;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  triggerRef?: Ref<HTMLButtonElement>;
}

export type AriaSelectFieldProps = Common &
  (
    | {
        multiple?: false;
        value?: string;
        defaultValue?: string;
        onChange?: (value: string) => void;
      }
    | {
        multiple: true;
        value?: readonly string[];
        defaultValue?: readonly string[];
        onChange?: (value: string[]) => void;
      }
  );

/*
 * react-aria's Select as every select field draws it once hydrated: SelectField and
 * MultiSelectField render it at once, DeferredSelectField when it is first opened. Its hidden
 * native select posts the value under the same name as the server's select, one parameter per
 * chosen value when several may be.
 */
export function AriaSelectField(props: AriaSelectFieldProps) {
  const { label, name, form, options, error, placeholder, defaultOpen, onOpenChange, triggerRef } =
    props;
  const common = {
    name,
    form,
    placeholder,
    defaultOpen,
    onOpenChange,
    isInvalid: Boolean(error),
    validationBehavior: "aria" as const,
    className: controls.field,
  };
  const parts = (
    <>
      <Label className={controls.label}>{label}</Label>
      <Button ref={triggerRef} className={css.select}>
        {/* The chosen options' text, not their rendering (the tick beside each in the list). */}
        <SelectValue<SelectOption>>
          {({ isPlaceholder, selectedText, defaultChildren }) =>
            isPlaceholder ? defaultChildren : selectedText
          }
        </SelectValue>
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className={controls.fieldError}>{error}</FieldError>
      <Popover className={css.selectPopover}>
        <ListBox className={css.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.value} className={css.option} textValue={option.label}>
              {({ isSelected }) =>
                props.multiple ? (
                  <>
                    <span aria-hidden="true" className={css.optionCheck}>
                      {isSelected ? "✓" : ""}
                    </span>
                    {option.label}
                  </>
                ) : (
                  option.label
                )
              }
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </>
  );
  if (props.multiple) {
    const { value, defaultValue, onChange } = props;
    return (
      <Select<SelectOption, "multiple">
        {...common}
        selectionMode="multiple"
        {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? [] })}
        onChange={(keys) => onChange?.(keys.map(String))}
      >
        {parts}
      </Select>
    );
  }
  const { value, defaultValue, onChange } = props;
  return (
    <Select<SelectOption>
      {...common}
      {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? "" })}
      onChange={(key) => onChange?.(key === null ? "" : String(key))}
    >
      {parts}
    </Select>
  );
}
