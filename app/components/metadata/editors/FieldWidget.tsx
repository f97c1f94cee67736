import "~/components/shell/shell-bundle";
import { TaxonomyPicker } from "~/components/taxonomy/TaxonomyPicker";
import { CheckboxEditor } from "./CheckboxEditor";
import { ComboEditor } from "./ComboEditor";
import { editorKind } from "./field-form";
import { NumberEditor } from "./NumberEditor";
import { PlainFieldWidget } from "./PlainFieldWidget";
import { SelectEditor } from "./SelectEditor";
import { TagsEditor } from "./TagsEditor";
import { TextAreaEditor } from "./TextAreaEditor";
import { TextEditor } from "./TextEditor";
import type { WidgetProps } from "./widget";

/**
 * The widget for a field's kind (form and edit mode): react-aria's once the page has hydrated,
 * the browser's own controls before (PlainFieldWidget).
 */
export function FieldWidget(props: WidgetProps) {
  if (!props.hydrated) return <PlainFieldWidget {...props} />;
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
