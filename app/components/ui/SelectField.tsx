import { useHydrated } from "~/utils/use-hydrated";
import { useField } from "remix-validated-form";
import { AriaSelectField } from "./AriaSelectField";
import { fieldErrorText, type FieldErrors } from "./field-errors";
import { NativeSelectField, type SelectOption } from "./NativeSelectField";

export type { SelectOption } from "./NativeSelectField";

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
export function SelectField({ hydrated, errors, defaultValue = "", ...props }: SelectFieldProps) {
  if (!hydrated)
    return <NativeSelectField {...props} defaultValue={defaultValue} errors={errors} />;
  return <AriaSelectField {...props} defaultValue={defaultValue} error={fieldErrorText(errors)} />;
}

export interface MultiSelectFieldProps {
  label: string;
  name: string;
  options: SelectOption[];
  defaultValue?: readonly string[];
  errors?: FieldErrors;
  /** What the button says while nothing is chosen. */
  placeholder?: string;
  hydrated: boolean;
}

/**
 * SelectField where several values may be chosen: a native `<select multiple>` without
 * JavaScript, react-aria's Select in multiple selection once hydrated; both post one parameter
 * per chosen value.
 */
export function MultiSelectField({
  hydrated,
  errors,
  defaultValue = [],
  placeholder,
  ...props
}: MultiSelectFieldProps) {
  if (!hydrated)
    return <NativeSelectField {...props} multiple defaultValue={defaultValue} errors={errors} />;
  return (
    <AriaSelectField
      {...props}
      multiple
      placeholder={placeholder}
      defaultValue={defaultValue}
      error={fieldErrorText(errors)}
    />
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
