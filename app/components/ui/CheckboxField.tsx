import { Checkbox, type CheckboxProps } from "react-aria-components/Checkbox";
import * as css from "./controls.css";

/** react-aria's Checkbox keeps a real input, so it posts "on" with JavaScript off. */
export function CheckboxField({
  children,
  ...props
}: Omit<CheckboxProps, "children"> & { children: string }) {
  return (
    <Checkbox {...props} value="on" className={css.checkbox}>
      <span className={css.checkboxBox} aria-hidden="true" />
      {children}
    </Checkbox>
  );
}
