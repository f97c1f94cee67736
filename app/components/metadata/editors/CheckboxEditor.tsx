import { useT } from "~/components/locale/locale-context";
import { Checkbox } from "react-aria-components/Checkbox";
import { CHECKED_VALUE } from "./field-form";
import { fieldLabel, type WidgetProps } from "./widget";
import * as css from "./editors.css";

/** A checkbox field: ticked posts "true"; unticked posts nothing and the field is emptied. */
export function CheckboxEditor(props: WidgetProps) {
  const { field, name, values, onChange, error, isDisabled, autoFocus } = props;
  const t = useT();
  return (
    <div className={css.field} data-label-placement={field.labelPlacement}>
      <Checkbox
        name={name}
        value={CHECKED_VALUE}
        className={css.checkbox}
        isSelected={values.includes(CHECKED_VALUE)}
        onChange={(on) => onChange?.(on ? [CHECKED_VALUE] : [])}
        isInvalid={Boolean(error)}
        isDisabled={isDisabled}
        isReadOnly={field.readonly}
        autoFocus={autoFocus}
      >
        <span className={css.checkboxBox} aria-hidden="true" />
        {fieldLabel(t, field)}
      </Checkbox>
      {error ? (
        <span className={css.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
