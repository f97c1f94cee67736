import { useField } from "remix-validated-form";
import { RadioGroupField, type RadioGroupFieldProps } from "./RadioGroupField";

/* Apart from RadioGroupField for the reason ValidatedTextField is apart from TextField. */

/** RadioGroupField bound to the enclosing remix-validated-form by name. */
export function ValidatedRadioGroupField(
  props: Omit<RadioGroupFieldProps, "errors"> & { name: string },
) {
  const { error, clearError, defaultValue: posted } = useField(props.name);
  return (
    <RadioGroupField
      {...props}
      defaultValue={typeof posted === "string" ? posted : props.defaultValue}
      errors={error}
      onChange={(value) => {
        props.onChange?.(value);
        clearError();
      }}
    />
  );
}
