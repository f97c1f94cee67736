import { useField } from "remix-validated-form";
import { TextField, type TextFieldProps } from "./TextField";

/*
 * Apart from TextField so that pages whose fields are not in a validated form (the header's
 * log-on, the navigation pane) do not load remix-validated-form with immer (about 10 KB gzipped).
 */

/**
 * TextField bound to the enclosing remix-validated-form by name. After a refused post the server's
 * reply carries what was typed (passwords left out): it comes first, so a page rendered without
 * JavaScript shows it again instead of the stored or empty value.
 */
export function ValidatedTextField(props: Omit<TextFieldProps, "errors">) {
  const { error, validate, clearError, defaultValue: posted } = useField(props.name);
  return (
    <TextField
      {...props}
      defaultValue={typeof posted === "string" ? posted : props.defaultValue}
      errors={error}
      onBlur={(event) => {
        props.onBlur?.(event);
        if (error) validate();
      }}
      onChange={(value) => {
        props.onChange?.(value);
        if (error) clearError();
      }}
    />
  );
}
