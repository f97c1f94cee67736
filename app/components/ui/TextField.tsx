import { FieldError } from "react-aria-components/FieldError";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import { TextArea } from "react-aria-components/TextArea";
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from "react-aria-components/TextField";
import * as css from "./controls.css";
import { fieldErrorText, type FieldErrors } from "./field-errors";

export interface TextFieldProps extends Omit<AriaTextFieldProps, "isInvalid" | "children"> {
  label: string;
  name: string;
  errors?: FieldErrors;
  description?: string;
  /** A multi-line text area instead of a one-line input. */
  multiline?: boolean;
}

/** A labelled input with its error beside it; the error also marks the input aria-invalid. */
export function TextField({ label, errors, description, multiline, ...props }: TextFieldProps) {
  const error = fieldErrorText(errors);
  return (
    <AriaTextField
      {...props}
      className={css.field}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
    >
      <Label className={css.label}>{label}</Label>
      {multiline ? <TextArea className={css.textarea} /> : <Input className={css.input} />}
      {description ? (
        <Text slot="description" className={css.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={css.fieldError}>{error}</FieldError>
    </AriaTextField>
  );
}
