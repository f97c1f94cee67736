import { Checkbox } from "react-aria-components/Checkbox";
import * as controls from "~/components/ui/controls.css";
import * as css from "./archive-dialog.css";

/** A box posting its own value (CheckboxField posts "on"): bit masks, people to add. */
export function ValueCheckbox(props: {
  name: string;
  value: string;
  defaultSelected?: boolean;
  children: string;
}) {
  return (
    <Checkbox
      name={props.name}
      value={props.value}
      defaultSelected={props.defaultSelected}
      className={controls.checkbox}
    >
      <span className={controls.checkboxBox} aria-hidden="true" />
      {props.children}
    </Checkbox>
  );
}

export function NativeMultiSelect(props: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue: string[];
  disabled?: boolean;
}) {
  const id = `${props.name}-select`;
  return (
    <div className={css.nativeField}>
      <label htmlFor={id} className={css.label}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        multiple
        defaultValue={props.defaultValue}
        className={css.nativeSelect}
        disabled={props.disabled}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
