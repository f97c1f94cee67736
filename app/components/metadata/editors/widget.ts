import type { KeyboardEvent } from "react";
import type { EditorField } from "./field-form";
import type { Translate } from "~/models/locale/message-id";

/** What every field widget takes; the widget posts its values under `name`. */
export interface WidgetProps {
  field: EditorField;
  name: string;
  values: string[];
  onChange?: (values: string[]) => void;
  /** The server's (or the rule's) message; shown below the input, which is marked invalid. */
  error?: string;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** Before hydration (and without JavaScript) widgets render plain inputs. */
  hydrated: boolean;
  onKeyDown?: (event: KeyboardEvent) => void;
  /** Batch: the field's value differs between the selected assets. */
  mixed?: boolean;
  /** Taxonomy picker in the batch panel: each term picked is handed on, none is listed. */
  addOnly?: boolean;
}

/** The label's text, "(required)" marked, as placement "none" still gives it to assistive technology. */
export const fieldLabel = (t: Translate, field: EditorField) =>
  field.required ? t("asset.editor.required", { label: field.label }) : field.label;

export const placeholderOf = (t: Translate, field: EditorField, mixed?: boolean) =>
  mixed ? t("asset.editor.mixed") : (field.placeholder ?? undefined);
