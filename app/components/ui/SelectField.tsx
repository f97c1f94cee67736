import { useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useField } from "remix-validated-form";
import { Button } from "react-aria-components/Button";
import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select, SelectValue } from "react-aria-components/Select";
import * as css from "~/components/search/advanced-search.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";
import * as controls from "./controls.css";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  name: string;
  options: SelectOption[];
  defaultValue?: string;
  errors?: FieldErrors;
  /** Once hydrated, react-aria's Select; before (and without JavaScript) a native select. */
  hydrated: boolean;
  onChange?: (value: string) => void;
}

/*
 * react-aria's Select opens its list with script only; its hidden native select posts the value
 * but cannot be changed by hand. So the server renders a styled native select, and hydration
 * swaps in react-aria's, with the same name, so both post the same parameter.
 */
export function SelectField({
  label,
  name,
  options,
  defaultValue = "",
  errors,
  hydrated,
  onChange,
}: SelectFieldProps) {
  const id = useId();
  const error = fieldErrorText(errors);
  if (!hydrated) {
    return (
      <div className={controls.field}>
        <label htmlFor={id} className={controls.label}>
          {label}
        </label>
        <select
          id={id}
          name={name}
          defaultValue={defaultValue}
          className={css.select}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange?.(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error ? (
          <span id={`${id}-error`} className={controls.fieldError}>
            {error}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <Select
      name={name}
      defaultSelectedKey={defaultValue}
      onSelectionChange={(key) => onChange?.(key === null ? "" : String(key))}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      className={controls.field}
    >
      <Label className={controls.label}>{label}</Label>
      <Button className={css.select}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className={controls.fieldError}>{error}</FieldError>
      <Popover className={css.selectPopover}>
        <ListBox className={css.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.value} className={css.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** SelectField bound to the enclosing remix-validated-form by name, as ValidatedTextField is. */
export function ValidatedSelectField(props: Omit<SelectFieldProps, "errors" | "hydrated">) {
  const { error, clearError, defaultValue: posted } = useField(props.name);
  const hydrated = useHydrated();
  return (
    <SelectField
      {...props}
      defaultValue={typeof posted === "string" ? posted : props.defaultValue}
      hydrated={hydrated}
      errors={error}
      onChange={(value) => {
        props.onChange?.(value);
        clearError();
      }}
    />
  );
}
