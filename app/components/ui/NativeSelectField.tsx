import { useId } from "react";
import * as css from "~/components/search/advanced-search.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";
import * as controls from "./controls.css";

export interface SelectOption {
  value: string;
  label: string;
}

export interface NativeSelectFieldProps {
  label: string;
  name: string;
  options: readonly SelectOption[];
  /** One value, or with `multiple` every chosen one. */
  defaultValue?: string | readonly string[];
  multiple?: boolean;
  errors?: FieldErrors;
  onChange?: (value: string) => void;
  /** The id of the form it posts with, when it stands outside it. */
  form?: string;
}

/*
 * The browser's own select, label above: what the select fields render on the server and without
 * JavaScript (react-aria's Select opens with script only). A module without react-aria, so a page
 * whose scripted select loads when wanted (DeferredSelectField) does not carry it at once.
 */
export function NativeSelectField({
  label,
  name,
  options,
  defaultValue,
  multiple,
  errors,
  onChange,
  form,
}: NativeSelectFieldProps) {
  const id = useId();
  const error = fieldErrorText(errors);
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        form={form}
        multiple={multiple}
        defaultValue={defaultValue ?? (multiple ? [] : "")}
        className={multiple ? controls.multiSelect : css.select}
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
