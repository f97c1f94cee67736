import { Checkbox, type CheckboxProps } from "react-aria-components/Checkbox";
import * as css from "./controls.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";

/** react-aria's Checkbox keeps a real input, so it posts "on" with JavaScript off. */
export function CheckboxField({
  children,
  errors,
  ...props
}: Omit<CheckboxProps, "children"> & { children: string; errors?: FieldErrors }) {
  const error = fieldErrorText(errors);
  return (
    <>
      <Checkbox {...props} value="on" className={css.checkbox} isInvalid={Boolean(error)}>
        <span className={css.checkboxBox} aria-hidden="true" />
        {children}
      </Checkbox>
      {error ? (
        <span className={css.fieldError} role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
