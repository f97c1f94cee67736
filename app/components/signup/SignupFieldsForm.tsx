import { Form } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import * as css from "~/components/application/applications.css";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import {
  SIGNUP_FIELD_TYPES,
  type SignupFieldRow,
  type SignupFieldType,
} from "~/models/signup/signup.schema";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

const TYPE_LABELS: Record<SignupFieldType, MessageId> = {
  text: "people.signupFields.type.text",
  dropdown: "people.signupFields.type.dropdown",
  checkbox: "people.signupFields.type.checkbox",
};

/*
 * The sign-up setting and the extra fields, one row each plus an empty row that adds a field:
 * rows are posted flat (fields[N].label, ...), so the form needs no script to grow. The server
 * checks the whole form and shows every error by its field (decision 036).
 */
export function SignupFieldsForm({
  enabled,
  adminCanAssignGroups,
  rows,
  errors,
}: {
  enabled: boolean;
  adminCanAssignGroups: boolean;
  rows: SignupFieldRow[];
  errors: Record<string, string>;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const typeOptions = SIGNUP_FIELD_TYPES.map((type) => ({
    value: type,
    label: t(TYPE_LABELS[type]),
  }));
  return (
    <Form method="post" noValidate className={css.form}>
      <CheckboxField name="enabled" defaultSelected={enabled}>
        {t("people.signupFields.enabled")}
      </CheckboxField>
      <CheckboxField name="adminCanAssignGroups" defaultSelected={adminCanAssignGroups}>
        {t("people.signupFields.assignGroups")}
      </CheckboxField>
      {errors.fields ? (
        <p className={css.confirm} role="alert">
          {errors.fields}
        </p>
      ) : null}
      {rows.map((row, index) => {
        const name = (part: string) => `fields[${index}].${part}`;
        const error = (part: string) => errors[`fields.${index}.${part}`];
        const field = row.id ? row : null;
        const title = field
          ? t("people.signupFields.fieldTitle", { name: field.label || field.id })
          : t("people.signupFields.addField");
        return (
          <fieldset key={row.id || `new-${index}`} className={css.fieldset}>
            <legend className={css.legend}>{title}</legend>
            {field ? <input type="hidden" name={name("id")} value={field.id} /> : null}
            <TextField
              label={t("people.signupFields.label")}
              name={name("label")}
              defaultValue={row.label}
              errors={error("label")}
              maxLength={100}
              description={field ? undefined : t("people.signupFields.labelHelp")}
            />
            <SelectField
              label={t("people.signupFields.type")}
              name={name("type")}
              options={typeOptions}
              defaultValue={row.type}
              errors={error("type")}
              hydrated={hydrated}
            />
            <TextField
              label={t("people.signupFields.choices")}
              name={name("values")}
              multiline
              defaultValue={row.values}
              errors={error("values")}
              description={t("people.signupFields.choicesHelp")}
            />
            <TextField
              label={t("people.signupFields.pattern")}
              name={name("regex")}
              defaultValue={row.regex}
              errors={error("regex")}
              maxLength={200}
              description={t("people.signupFields.patternHelp")}
            />
            <TextField
              label={t("people.signupFields.helpText")}
              name={name("helpText")}
              defaultValue={row.helpText}
              errors={error("helpText")}
              maxLength={200}
              description={t("people.signupFields.helpTextHelp")}
            />
            <CheckboxField name={name("required")} defaultSelected={row.required}>
              {t("people.signupFields.required")}
            </CheckboxField>
            {field ? (
              <CheckboxField name={name("remove")} defaultSelected={row.remove}>
                {t("people.signupFields.remove")}
              </CheckboxField>
            ) : null}
          </fieldset>
        );
      })}
      <div className={css.actions}>
        <Button type="submit">{t("people.signupFields.save")}</Button>
      </div>
    </Form>
  );
}
