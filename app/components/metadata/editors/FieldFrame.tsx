import type { ReactNode } from "react";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import { FieldError } from "react-aria-components/FieldError";
import { visuallyHidden } from "~/styles/global.css";
import type { EditorField } from "./field-form";
import { fieldLabel } from "./widget";
import { useT } from "~/components/locale/locale-context";
import * as css from "./editors.css";

/**
 * The label (by the field's placement: top, left, right, or none, which keeps it for screen
 * readers only), the input, and below it the help text when the field's rule failed. Used inside
 * a react-aria field, whose slots wire label and error to the input.
 */
export function FieldFrame({
  field,
  error,
  children,
}: {
  field: EditorField;
  error?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <Label className={field.labelPlacement === "none" ? visuallyHidden : css.label}>
        {fieldLabel(t, field)}
      </Label>
      {children}
      {field.taxonomyHref ? (
        <Text slot="description" className={css.help}>
          {t("asset.editor.taxonomyHelp", { href: field.taxonomyHref })}
        </Text>
      ) : null}
      <FieldError className={css.error}>{error}</FieldError>
    </>
  );
}

/** The same frame for plain (server-rendered) inputs, wired by ids. */
export function PlainFrame({
  field,
  id,
  error,
  children,
}: {
  field: EditorField;
  id: string;
  error?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className={css.field} data-label-placement={field.labelPlacement}>
      <label htmlFor={id} className={field.labelPlacement === "none" ? visuallyHidden : css.label}>
        {fieldLabel(t, field)}
      </label>
      {children}
      {error ? (
        <span id={`${id}-error`} className={css.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
