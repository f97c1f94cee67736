import { TextEditor } from "./TextEditor";
import type { WidgetProps } from "./widget";

/**
 * A number, bounded by the field's min and max: a native number input (spec 002 §5 "the number
 * field uses a number input"), so the bounds hold with JavaScript off as well; the server checks
 * them again.
 */
export function NumberEditor(props: WidgetProps) {
  return <TextEditor {...props} inputType="number" />;
}
