import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import type { FormReplyBody } from "~/http/error";
import {
  DATA_TYPE_LABELS,
  fieldFormSchema,
  type FieldDraft,
} from "~/models/metadata/metadata-form";
import { DATA_TYPES } from "~/models/metadata/metadata.schema";
import { muted } from "~/styles/global.css";
import * as css from "./metadata-admin.css";
import { EditorHead } from "./MetadataAdminLists";
import { useMetadataForm } from "./use-metadata-form";
import { useT } from "~/components/locale/locale-context";

/** Rows a form without JavaScript offers beyond the stored values (blank ones are dropped). */
const SPARE_ROWS = 3;

/*
 * The custom field editor (decision 041): label, data type, multi-instance, multiline, maximum
 * size, validation (pattern with help text, bounds for numbers), dropdown values as rows,
 * namespace and group, in one Conform form checked by the model's field schema. Built-in fields
 * are shown read-only elsewhere (FieldFacts); this form is only for custom ones.
 */
export function FieldEditor({
  draft,
  isNew,
  revision,
  reply,
}: {
  draft: FieldDraft;
  isNew: boolean;
  /** The stored field's revision, so a save over someone else's newer one is refused (409). */
  revision?: string;
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const { form, error, formError } = useMetadataForm("field-editor", reply, fieldFormSchema);
  const next = useRef(0);
  const [values, setValues] = useState(() =>
    [
      ...draft.Values,
      ...(hydrated
        ? []
        : Array.from({ length: SPARE_ROWS }, () => ({ Value: "", Description: "" }))),
    ].map((v) => ({ ...v, key: next.current++ })),
  );
  const valuesError = error("Values");

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={css.form}
      aria-label={isNew ? t("metadata.fieldEditor.new") : t("metadata.field.meta")}
    >
      <input type="hidden" name="intent" value="save" />
      <EditorHead revision={revision} formError={formError} />
      <fieldset className={css.section}>
        <legend className={css.legend}>{t("metadata.column.field")}</legend>
        <div className={css.columns}>
          <TextField
            label={t("metadata.column.label")}
            name="GuiLabel"
            isRequired
            maxLength={100}
            defaultValue={draft.GuiLabel}
            errors={error("GuiLabel")}
          />
          <SelectField
            label={t("metadata.column.dataType")}
            name="DataType"
            hydrated={hydrated}
            defaultValue={draft.DataType}
            errors={error("DataType")}
            options={DATA_TYPES.map((type) => ({ value: type, label: t(DATA_TYPE_LABELS[type]) }))}
          />
          <TextField
            label={t("metadata.fieldEditor.maxSize")}
            name="MaxSize"
            inputMode="numeric"
            maxLength={12}
            defaultValue={draft.MaxSize}
            errors={error("MaxSize")}
          />
        </div>
        <div className={css.flags}>
          <CheckboxField
            name="MultiInstance"
            defaultSelected={draft.MultiInstance}
            errors={error("MultiInstance")}
          >
            {t("metadata.fieldEditor.multiInstance")}
          </CheckboxField>
          <CheckboxField
            name="Multiline"
            defaultSelected={draft.Multiline}
            errors={error("Multiline")}
          >
            {t("metadata.facts.multiline")}
          </CheckboxField>
        </div>
        <div className={css.columns}>
          <TextField
            label={t("metadata.column.namespace")}
            name="Namespace"
            maxLength={40}
            defaultValue={draft.Namespace}
            description={t("metadata.fieldEditor.namespaceHelp")}
            errors={error("Namespace")}
          />
          <TextField
            label={t("metadata.column.group")}
            name="Group"
            maxLength={100}
            defaultValue={draft.Group}
            errors={error("Group")}
          />
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.legend}>{t("metadata.fieldEditor.validation")}</legend>
        <div className={css.columns}>
          <TextField
            label={t("metadata.fieldEditor.pattern")}
            name="Validation.Regexp"
            maxLength={500}
            defaultValue={draft.Regexp}
            errors={error("Validation.Regexp")}
          />
          <TextField
            label={t("metadata.fieldEditor.helpText")}
            name="Validation.HelpText"
            maxLength={500}
            defaultValue={draft.HelpText}
            description={t("metadata.fieldEditor.helpTextHelp")}
            errors={error("Validation.HelpText")}
          />
          <TextField
            label={t("metadata.fieldEditor.min")}
            name="Validation.Min"
            inputMode="decimal"
            maxLength={30}
            defaultValue={draft.Min}
            errors={error("Validation.Min")}
          />
          <TextField
            label={t("metadata.fieldEditor.max")}
            name="Validation.Max"
            inputMode="decimal"
            maxLength={30}
            defaultValue={draft.Max}
            errors={error("Validation.Max")}
          />
        </div>
      </fieldset>
      <fieldset className={css.section} aria-describedby={valuesError ? "values-error" : undefined}>
        <legend className={css.legend}>{t("metadata.fieldEditor.values")}</legend>
        <p className={muted}>{t("metadata.fieldEditor.valuesIntro")}</p>
        {values.map((row, i) => (
          <div key={row.key} className={css.valueRow}>
            <TextField
              label={t("metadata.fieldEditor.value", { n: i + 1 })}
              name={`Values[${i}].Value`}
              maxLength={200}
              defaultValue={row.Value}
              errors={error(`Values[${i}].Value`) ?? error(`Values[${i}]`)}
            />
            <TextField
              label={t("metadata.fieldEditor.description", { n: i + 1 })}
              name={`Values[${i}].Description`}
              maxLength={500}
              defaultValue={row.Description}
              errors={error(`Values[${i}].Description`)}
            />
            {hydrated ? (
              <Button
                variant="quiet"
                aria-label={t("metadata.fieldEditor.removeValue", { n: i + 1 })}
                onPress={() => setValues((vs) => vs.filter((v) => v.key !== row.key))}
              >
                {t("metadata.remove")}
              </Button>
            ) : (
              <span />
            )}
          </div>
        ))}
        {valuesError ? (
          <p id="values-error" className={css.error} role="alert">
            {[valuesError].flat().join(" ")}
          </p>
        ) : null}
        {hydrated ? (
          <div className={css.actions}>
            <Button
              variant="secondary"
              onPress={() =>
                setValues((vs) => [...vs, { Value: "", Description: "", key: next.current++ }])
              }
            >
              {t("metadata.fieldEditor.addValue")}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <div className={css.actions}>
        <Button type="submit">
          {isNew ? t("metadata.fieldEditor.create") : t("metadata.fieldEditor.save")}
        </Button>
      </div>
    </Form>
  );
}
