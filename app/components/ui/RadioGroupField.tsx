import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { Radio, RadioGroup, type RadioGroupProps } from "react-aria-components/RadioGroup";
import * as css from "./controls.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";

export interface RadioOption {
  value: string;
  label: string;
}

export interface RadioGroupFieldProps extends Omit<RadioGroupProps, "children" | "isInvalid"> {
  label: string;
  options: RadioOption[];
  errors?: FieldErrors;
}

/** Native radios inside (react-aria keeps real inputs), so the choice posts without JavaScript. */
export function RadioGroupField({ label, options, errors, ...props }: RadioGroupFieldProps) {
  const error = fieldErrorText(errors);
  return (
    <RadioGroup
      {...props}
      className={css.radioGroup}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={css.legend}>{label}</Label>
      {options.map((option) => (
        <Radio key={option.value} value={option.value} className={css.radio}>
          {option.label}
        </Radio>
      ))}
      <FieldError className={css.fieldError}>{error}</FieldError>
    </RadioGroup>
  );
}
