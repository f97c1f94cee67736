import { useField } from "remix-validated-form";
import { useHydrated } from "~/utils/use-hydrated";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import {
  extraFieldName,
  MAX_FIELD_VALUE,
  type SignupField,
  type UserDataEntry,
} from "~/models/signup/signup.schema";
import { useT } from "~/components/locale/locale-context";

/*
 * The site's extra sign-up fields (text, dropdown, checkbox) inside a remix-validated-form: the
 * public sign-up and the approver's details edit. Names are flat (extra_<id>), so the form posts
 * the same parameters with JavaScript on and off.
 */
export function ExtraFields({
  fields,
  values = [],
}: {
  fields: readonly SignupField[];
  values?: readonly UserDataEntry[];
}) {
  const hydrated = useHydrated();
  return (
    <>
      {fields.map((field) => (
        <ExtraField
          key={field.id}
          field={field}
          hydrated={hydrated}
          value={values.find((v) => v.id === field.id)?.value}
        />
      ))}
    </>
  );
}

function ExtraField({
  field,
  value,
  hydrated,
}: {
  field: SignupField;
  value: string | boolean | undefined;
  hydrated: boolean;
}) {
  const t = useT();
  const name = extraFieldName(field.id);
  // What was posted comes back after a refused post (see ValidatedTextField).
  const { error, clearError, defaultValue: posted } = useField(name);
  const label = field.required ? t("people.signup.required", { label: field.label }) : field.label;
  // The help text is the pattern's message too: shown once, as the error when there is one.
  const description = error ? undefined : field.validation.helpText || undefined;
  if (field.type === "checkbox")
    return (
      <CheckboxField
        name={name}
        defaultSelected={posted !== undefined ? posted === "on" : value === true}
        errors={error}
        onChange={() => clearError()}
      >
        {label}
      </CheckboxField>
    );
  if (field.type === "dropdown")
    return (
      <SelectField
        label={label}
        name={name}
        hydrated={hydrated}
        defaultValue={typeof posted === "string" ? posted : typeof value === "string" ? value : ""}
        errors={error}
        onChange={() => clearError()}
        options={[
          { value: "", label: t("people.signup.choose") },
          ...field.values.map((choice) => ({ value: choice, label: choice })),
        ]}
      />
    );
  return (
    <ValidatedTextField
      label={label}
      name={name}
      defaultValue={typeof value === "string" ? value : ""}
      description={description}
      maxLength={MAX_FIELD_VALUE}
    />
  );
}
