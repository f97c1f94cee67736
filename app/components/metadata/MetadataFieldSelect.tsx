import { useId } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { fieldErrorText, type FieldErrors } from "~/components/ui/field-errors";
import * as controls from "~/components/ui/controls.css";
import { NativeSelectField } from "~/components/ui/NativeSelectField";
import {
  fieldChoiceLabel,
  isFixedRole,
  pickableFields,
  type PickerField,
  type PickerOnly,
} from "~/models/metadata/field-picker";
import { FIXED_ROLE_FIELDS, type BuiltinRole } from "~/models/metadata/metadata.schema";
import * as css from "./MetadataFieldPicker.css";
import { useT } from "~/components/locale/locale-context";

export interface MetadataFieldSelectProps {
  /** The form parameter: one value (single) or one per ticked field (multiple), each an id. */
  name: string;
  label: string;
  fields: readonly PickerField[];
  only?: PickerOnly;
  role?: BuiltinRole;
  selectionMode: "single" | "multiple";
  defaultSelected?: readonly number[];
  exclude?: readonly number[];
  /** Single: the text of an empty first choice (posts ""); none when unset. */
  emptyLabel?: string;
  errors?: FieldErrors;
}

/**
 * The field picker's companion for forms without JavaScript (decision 041): the same fields under
 * the same rules (pickableFields), as a native select (single) or a list of checkboxes
 * (multiple), rendered on the server and posted with the form. A fixed builtin role (Status,
 * Rating, Notes) is shown read-only and posts its fixed field.
 */
export function MetadataFieldSelect({
  name,
  label,
  fields,
  only,
  role,
  selectionMode,
  defaultSelected = [],
  exclude = [],
  emptyLabel,
  errors,
}: MetadataFieldSelectProps) {
  const t = useT();
  const id = useId();
  const error = fieldErrorText(errors);
  const errorId = `${id}-error`;
  const errorText = error ? (
    <span id={errorId} className={controls.fieldError}>
      {error}
    </span>
  ) : null;

  if (role !== undefined && isFixedRole(role)) {
    const fixed = fields.find((f) => f.Id === FIXED_ROLE_FIELDS[role]);
    return (
      <div className={controls.field}>
        <span className={controls.label}>{label}</span>
        <p className={css.fixed}>
          {t("metadata.select.fixed", {
            field: fixed ? fieldChoiceLabel(fixed) : FIXED_ROLE_FIELDS[role],
          })}
        </p>
        <input type="hidden" name={name} value={FIXED_ROLE_FIELDS[role]} />
        {errorText}
      </div>
    );
  }

  // What is already chosen stays offered, so saving again never drops it silently.
  const keep = new Set(defaultSelected);
  const offered = pickableFields(fields, {
    only,
    role,
    exclude: exclude.filter((x) => !keep.has(x)),
  });
  const unknown = defaultSelected.filter((x) => !offered.some((f) => f.Id === x));

  if (selectionMode === "single")
    return (
      <NativeSelectField
        label={label}
        name={name}
        defaultValue={defaultSelected[0] !== undefined ? String(defaultSelected[0]) : ""}
        errors={errors}
        options={[
          ...(emptyLabel !== undefined ? [{ value: "", label: emptyLabel }] : []),
          ...unknown.map((x) => ({
            value: String(x),
            label: t("metadata.select.notOffered", { id: x }),
          })),
          ...offered.map((f) => ({ value: String(f.Id), label: fieldChoiceLabel(f) })),
        ]}
      />
    );

  return (
    <fieldset className={controls.field} aria-describedby={error ? errorId : undefined}>
      <legend className={controls.label}>{label}</legend>
      <ul className={css.choices} role="list">
        {offered.map((f) => (
          <li key={f.Id}>
            <Checkbox
              name={name}
              value={String(f.Id)}
              defaultSelected={keep.has(f.Id)}
              className={`${controls.checkbox} ${css.inGrid}`}
            >
              <span className={controls.checkboxBox} aria-hidden="true" />
              {fieldChoiceLabel(f)}
            </Checkbox>
          </li>
        ))}
      </ul>
      {errorText}
    </fieldset>
  );
}
