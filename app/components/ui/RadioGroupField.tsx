import { Label } from "react-aria-components/Label";
import { Radio, RadioGroup, type RadioGroupProps } from "react-aria-components/RadioGroup";
import * as css from "./controls.css";

export interface RadioOption {
  value: string;
  label: string;
}

export interface RadioGroupFieldProps extends Omit<RadioGroupProps, "children"> {
  label: string;
  options: RadioOption[];
}

/** Native radios inside (react-aria keeps real inputs), so the choice posts without JavaScript. */
export function RadioGroupField({ label, options, ...props }: RadioGroupFieldProps) {
  return (
    <RadioGroup {...props} className={css.radioGroup}>
      <Label className={css.legend}>{label}</Label>
      {options.map((option) => (
        <Radio key={option.value} value={option.value} className={css.radio}>
          {option.label}
        </Radio>
      ))}
    </RadioGroup>
  );
}
