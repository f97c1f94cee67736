import {
  CHECKED_VALUE,
  EMPTY_TEXT,
  MIXED_TEXT,
  REQUIRED_EMPTY_TEXT,
  formatDateValue,
  type EditorField,
} from "./field-form";
import * as css from "./editors.css";

/** How view mode writes one value: dates as YYYY-MM-DD HH:mm, options by their label. */
function shown(field: EditorField, value: string): string {
  if (field.dataType === "date" || field.dataType === "date-dropdown")
    return formatDateValue(value);
  if (field.dataType === "checkbox") return value === CHECKED_VALUE ? "Yes" : "No";
  if (field.taxonomy) return field.taxonomy.names[value] ?? value;
  return field.options.find((o) => o.value === value)?.label ?? value;
}

/** View mode: the value, or the empty, required-empty or mixed state in words. */
export function FieldValue({ field, values }: { field: EditorField; values: string[] }) {
  if (field.dataType === "password" && values.length > 0)
    return <p className={css.value}>••••••••</p>;
  if (field.mixed) return <p className={css.value}>{MIXED_TEXT}</p>;
  if (values.length === 0)
    return (
      <p
        className={css.value}
        data-empty="true"
        data-required-empty={field.required ? "true" : "false"}
      >
        {field.required ? REQUIRED_EMPTY_TEXT : EMPTY_TEXT}
      </p>
    );
  if (field.multiInstance)
    return (
      <ul className={css.tags} aria-label={`${field.label} values`}>
        {values.map((v) => (
          <li key={v} className={css.tag}>
            {shown(field, v)}
          </li>
        ))}
      </ul>
    );
  return <p className={css.value}>{shown(field, values[0]!)}</p>;
}
