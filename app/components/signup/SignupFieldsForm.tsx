import { Form } from "@remix-run/react";
import { useHydrated } from "~/utils/use-hydrated";
import * as css from "~/components/application/applications.css";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import {
  SIGNUP_FIELD_TYPE_LABELS,
  SIGNUP_FIELD_TYPES,
  type SignupFieldRow,
} from "~/models/signup/signup.schema";

const TYPE_OPTIONS = SIGNUP_FIELD_TYPES.map((type) => ({
  value: type,
  label: SIGNUP_FIELD_TYPE_LABELS[type],
}));

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
  const hydrated = useHydrated();
  return (
    <Form method="post" noValidate className={css.form}>
      <CheckboxField name="enabled" defaultSelected={enabled}>
        Allow visitors to sign up
      </CheckboxField>
      <CheckboxField name="adminCanAssignGroups" defaultSelected={adminCanAssignGroups}>
        Approvers choose groups for new accounts
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
        const title = field ? `Field: ${field.label || field.id}` : "Add a field";
        return (
          <fieldset key={row.id || `new-${index}`} className={css.fieldset}>
            <legend className={css.legend}>{title}</legend>
            {field ? <input type="hidden" name={name("id")} value={field.id} /> : null}
            <TextField
              label="Label"
              name={name("label")}
              defaultValue={row.label}
              errors={error("label")}
              maxLength={100}
              description={field ? undefined : "Leave empty to add no field."}
            />
            <SelectField
              label="Type"
              name={name("type")}
              options={TYPE_OPTIONS}
              defaultValue={row.type}
              errors={error("type")}
              hydrated={hydrated}
            />
            <TextField
              label="Choices (dropdown)"
              name={name("values")}
              multiline
              defaultValue={row.values}
              errors={error("values")}
              description="One a line."
            />
            <TextField
              label="Pattern (text)"
              name={name("regex")}
              defaultValue={row.regex}
              errors={error("regex")}
              maxLength={200}
              description="A regular expression each value must match, e.g. ^[0-9]+$. Optional."
            />
            <TextField
              label="Help text"
              name={name("helpText")}
              defaultValue={row.helpText}
              errors={error("helpText")}
              maxLength={200}
              description="Shown with the field, and as the message when the pattern fails."
            />
            <CheckboxField name={name("required")} defaultSelected={row.required}>
              Required
            </CheckboxField>
            {field ? (
              <CheckboxField name={name("remove")} defaultSelected={row.remove}>
                Remove this field
              </CheckboxField>
            ) : null}
          </fieldset>
        );
      })}
      <div className={css.actions}>
        <Button type="submit">Save sign-up settings</Button>
      </div>
    </Form>
  );
}
