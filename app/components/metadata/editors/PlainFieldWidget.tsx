import { useT } from "~/components/locale/locale-context";
import { useId } from "react";
import { TaxonomyPlainPicker } from "~/components/taxonomy/TaxonomyPlainPicker";
import { PlainFrame } from "./FieldFrame";
import { CHECKED_VALUE, editorKind, selectOptions } from "./field-form";
import { fieldLabel, placeholderOf, type WidgetProps } from "./widget";
import * as css from "./editors.css";

/*
 * Every field kind as the browser's own controls, uncontrolled, posting under the field's name:
 * what a page without JavaScript shows (and the asset page's form of every field). It imports no
 * react-aria, so a page that shows only plain fields does not load the scripted editors
 * (FieldWidget), which come with their overlays and collections.
 */
/** A number field takes any decimal its rule allows. */
const ANY_STEP = "any";

export function PlainFieldWidget(props: WidgetProps) {
  const { field } = props;
  if (field.taxonomy && !field.readonly) return <TaxonomyPlainPicker {...props} />;
  switch (editorKind(field)) {
    case "tags":
      return <PlainTags {...props} />;
    case "multiline":
      return <PlainTextArea {...props} />;
    case "dropdown":
      return <PlainSelect {...props} />;
    case "input-dropdown":
      return <PlainCombo {...props} />;
    case "checkbox":
      return <PlainCheckbox {...props} />;
    default:
      return <PlainInput {...props} />;
  }
}

/** What every plain control carries: invalid state, its error and hint by id, disabled. */
function common({ error, isDisabled, autoFocus }: WidgetProps, id: string, hint?: string) {
  const describedBy = [hint, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    id,
    disabled: isDisabled,
    autoFocus,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

function PlainInput(props: WidgetProps) {
  const { field, name, values, error, mixed } = props;
  const t = useT();
  const id = useId();
  const kind = editorKind(field);
  const isDate = kind === "date";
  const type =
    kind === "number"
      ? "number"
      : kind === "password"
        ? "password"
        : field.dataType === "email"
          ? "email"
          : "text";
  return (
    <PlainFrame field={field} id={id} error={error}>
      <input
        type={type}
        name={name}
        {...common(props, id)}
        defaultValue={kind === "password" ? "" : (values[0] ?? "")}
        className={css.input}
        readOnly={field.readonly}
        aria-required={field.required || undefined}
        placeholder={isDate ? t("asset.editor.dateFormat") : placeholderOf(t, field, mixed)}
        autoComplete={kind === "password" ? "new-password" : "off"}
        {...(kind === "number"
          ? { min: field.validation.min, max: field.validation.max, step: ANY_STEP }
          : {})}
      />
    </PlainFrame>
  );
}

function PlainTextArea(props: WidgetProps) {
  const { field, name, values, error, mixed } = props;
  const t = useT();
  const id = useId();
  return (
    <PlainFrame field={field} id={id} error={error}>
      <textarea
        {...common(props, id)}
        name={name}
        defaultValue={values[0] ?? ""}
        className={css.textarea}
        rows={4}
        readOnly={field.readonly}
        aria-required={field.required || undefined}
        placeholder={placeholderOf(t, field, mixed)}
      />
    </PlainFrame>
  );
}

/** A bag without JavaScript: a text area with one value per line. */
function PlainTags(props: WidgetProps) {
  const { field, name, values, error } = props;
  const t = useT();
  const id = useId();
  return (
    <PlainFrame field={field} id={id} error={error}>
      <textarea
        {...common(props, id, `${id}-hint`)}
        name={name}
        defaultValue={values.join("\n")}
        className={css.textarea}
        rows={Math.min(10, Math.max(3, values.length + 1))}
        readOnly={field.readonly}
      />
      <span id={`${id}-hint`} className={css.help}>
        {t("asset.editor.oneValuePerLine")}
      </span>
    </PlainFrame>
  );
}

function PlainSelect(props: WidgetProps) {
  const { field, name, values, error } = props;
  const id = useId();
  const current = values[0] ?? "";
  const options = selectOptions(field, current);
  return (
    <PlainFrame field={field} id={id} error={error}>
      <select
        {...common(props, id)}
        name={name}
        defaultValue={current}
        className={css.input}
        disabled={props.isDisabled || field.readonly}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </PlainFrame>
  );
}

/** An input-dropdown without JavaScript: a text input whose datalist offers the options. */
function PlainCombo(props: WidgetProps) {
  const { field, name, values, error, mixed } = props;
  const t = useT();
  const id = useId();
  return (
    <PlainFrame field={field} id={id} error={error}>
      <input
        {...common(props, id)}
        name={name}
        defaultValue={values[0] ?? ""}
        list={`${id}-options`}
        className={css.input}
        placeholder={placeholderOf(t, field, mixed)}
        readOnly={field.readonly}
      />
      <datalist id={`${id}-options`}>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </datalist>
    </PlainFrame>
  );
}

/** Ticked posts "true"; unticked posts nothing and the field is emptied. */
function PlainCheckbox(props: WidgetProps) {
  const { field, name, values, error } = props;
  const t = useT();
  const id = useId();
  return (
    <div className={css.field} data-label-placement={field.labelPlacement}>
      <label className={css.checkbox} htmlFor={id}>
        <input
          {...common(props, id)}
          type="checkbox"
          name={name}
          value={CHECKED_VALUE}
          defaultChecked={values.includes(CHECKED_VALUE)}
          className={css.nativeCheckbox}
        />
        {fieldLabel(t, field)}
      </label>
      {error ? (
        <span id={`${id}-error`} className={css.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
