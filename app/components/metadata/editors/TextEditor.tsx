import { useT } from "~/components/locale/locale-context";
import { Input } from "react-aria-components/Input";
import { TextField } from "react-aria-components/TextField";
import { FieldFrame } from "./FieldFrame";
import { placeholderOf, type WidgetProps } from "./widget";
import * as css from "./editors.css";

const INPUT_TYPES = { email: "email", password: "password" } as const;

/**
 * Single-line text, e-mail and password (masked, never shown again), and the date and taxonomy
 * fields for now (decision 046). react-aria's TextField renders a named input, so it posts
 * without JavaScript as it is.
 */
/** A number field takes any decimal its rule allows. */
const NUMBER_INPUT = { type: "number", step: "any" } as const;

export function TextEditor(props: WidgetProps & { inputType?: "text" | "number" }) {
  const { field, name, values, onChange, error, isDisabled, autoFocus, onKeyDown, mixed } = props;
  const t = useT();
  const type =
    field.dataType === "email" || field.dataType === "password"
      ? INPUT_TYPES[field.dataType]
      : "text";
  const isDate = field.dataType === "date" || field.dataType === "date-dropdown";
  return (
    <TextField
      name={name}
      className={css.field}
      data-label-placement={field.labelPlacement}
      value={values[0] ?? ""}
      onChange={(value) => onChange?.(value === "" ? [] : [value])}
      type={type}
      isInvalid={Boolean(error)}
      isRequired={field.required}
      isDisabled={isDisabled}
      isReadOnly={field.readonly}
      validationBehavior="aria"
      autoFocus={autoFocus}
      onKeyDown={onKeyDown}
      autoComplete={field.dataType === "password" ? "new-password" : "off"}
    >
      <FieldFrame field={field} error={error}>
        <Input
          className={css.input}
          placeholder={isDate ? t("asset.editor.dateFormat") : placeholderOf(t, field, mixed)}
          {...(props.inputType === "number"
            ? { ...NUMBER_INPUT, min: field.validation.min, max: field.validation.max }
            : {})}
        />
      </FieldFrame>
    </TextField>
  );
}
