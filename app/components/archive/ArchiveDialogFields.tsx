import { Checkbox } from "react-aria-components/Checkbox";
import * as controls from "~/components/ui/controls.css";

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
