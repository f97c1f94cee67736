import { useState } from "react";
import { TaxonomyPicker } from "~/components/taxonomy/TaxonomyPicker";
import { CheckboxEditor } from "./CheckboxEditor";
import { ComboEditor } from "./ComboEditor";
import {
  CHECKED_VALUE,
  EMPTY_TEXT,
  MIXED_TEXT,
  REQUIRED_EMPTY_TEXT,
  editorKind,
  formatDateValue,
  type EditorField,
} from "./field-form";
import { NumberEditor } from "./NumberEditor";
import { SelectEditor } from "./SelectEditor";
import { TagsEditor } from "./TagsEditor";
import { TextAreaEditor } from "./TextAreaEditor";
import { TextEditor } from "./TextEditor";
import type { WidgetProps } from "./widget";
import * as css from "./editors.css";

/** The widget for a field's kind (form and edit mode). */
export function FieldWidget(props: WidgetProps) {
  // A field with a taxonomy picks its terms (decision 060).
  if (props.field.taxonomy && !props.field.readonly) return <TaxonomyPicker {...props} />;
  switch (editorKind(props.field)) {
    case "tags":
      return <TagsEditor {...props} />;
    case "multiline":
      return <TextAreaEditor {...props} />;
    case "dropdown":
      return <SelectEditor {...props} />;
    case "input-dropdown":
      return <ComboEditor {...props} />;
    case "number":
      return <NumberEditor {...props} />;
    case "checkbox":
      return <CheckboxEditor {...props} />;
    default:
      return <TextEditor {...props} />;
  }
}

/**
 * A widget in form mode that keeps what is typed itself: the widgets are controlled, and a
 * plain form's fields must hold their values once React has hydrated the page.
 */
export function FormFieldWidget(props: Omit<WidgetProps, "onChange">) {
  const [values, setValues] = useState(props.values);
  return <FieldWidget {...props} values={values} onChange={setValues} />;
}

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
