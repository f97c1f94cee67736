import { useT } from "~/components/locale/locale-context";
import { TextArea } from "react-aria-components/TextArea";
import { TextField } from "react-aria-components/TextField";
import { FieldFrame } from "./FieldFrame";
import { placeholderOf, type WidgetProps } from "./widget";
import * as css from "./editors.css";

/** Multi-line text: Enter is a new line, Shift+Enter saves (the inline editor's keys). */
export function TextAreaEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus, onKeyDown, mixed } = props;
  const t = useT();
  return (
    <TextField
      name={name}
      className={css.field}
      data-label-placement={field.labelPlacement}
      value={values[0] ?? ""}
      onChange={(value) => onChange?.(value === "" ? [] : [value])}
      isInvalid={Boolean(error)}
      isRequired={field.required}
      isDisabled={isDisabled}
      isReadOnly={field.readonly}
      validationBehavior="aria"
      autoFocus={autoFocus}
      onKeyDown={onKeyDown}
    >
      <FieldFrame field={field} error={error}>
        <TextArea className={css.textarea} rows={4} placeholder={placeholderOf(t, field, mixed)} />
      </FieldFrame>
    </TextField>
  );
}
