import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Checkbox, CheckboxGroup } from "react-aria-components/CheckboxGroup";
import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { useHydrated } from "~/utils/use-hydrated";
import {
  applicationInputSchema,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  GRANT_LABELS,
  GRANTS,
} from "~/models/application/application.schema";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import * as css from "./applications.css";
import { useConformErrors } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";

export interface UserOption {
  href: string;
  label: string;
}

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === "string",
  );
const text = (value: unknown) => (typeof value === "string" ? value : "");

/*
 * Registering an application: Conform, for the grants' repeated checkboxes (DESIGN.md's rule).
 * The server's one form reply (conformResult) shows every error at once by its field, JavaScript
 * on or off; with JavaScript the same schema checks before sending.
 */
export function ApplicationForm({
  users,
  lastResult,
}: {
  users: UserOption[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const conformErrors = useConformErrors();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // The schema reads the form's strings itself, exactly as the server does: no coercion.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: applicationInputSchema,
        disableAutoCoercion: true,
        formatError: conformErrors,
      }),
  });
  const grantErrors = fields.grants.errors;
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={css.form}>
      <input type="hidden" name="intent" value="create" />
      <TextField
        label={t("settings.applications.name")}
        name="name"
        defaultValue={text(fields.name.initialValue)}
        errors={fields.name.errors}
        maxLength={100}
      />
      <RadioGroupField
        label={t("settings.applications.typeLabel")}
        name="clientType"
        defaultValue={text(fields.clientType.initialValue) || "confidential"}
        errors={fields.clientType.errors}
        options={CLIENT_TYPES.map((type) => ({ value: type, label: t(CLIENT_TYPE_LABELS[type]) }))}
      />
      <CheckboxGroup
        name="grants"
        defaultValue={list(fields.grants.initialValue)}
        isInvalid={Boolean(grantErrors?.length)}
        validationBehavior="aria"
        className={css.fieldset}
      >
        <Label className={controls.legend}>{t("settings.applications.grants")}</Label>
        {GRANTS.map((grant) => (
          <Checkbox key={grant} value={grant} className={controls.checkbox}>
            <span className={controls.checkboxBox} aria-hidden="true" />
            {t(GRANT_LABELS[grant])}
          </Checkbox>
        ))}
        <FieldError className={controls.fieldError}>{grantErrors?.join(" ")}</FieldError>
      </CheckboxGroup>
      <TextField
        label={t("settings.applications.redirectUris")}
        name="redirectUris"
        multiline
        defaultValue={list(fields.redirectUris.initialValue).join("\n")}
        errors={fields.redirectUris.errors}
        description={t("settings.applications.redirectUrisHint")}
      />
      <SelectField
        label={t("settings.applications.actsAsUser")}
        name="user"
        hydrated={hydrated}
        defaultValue={text(fields.user.initialValue)}
        errors={fields.user.errors}
        options={[
          { value: "", label: t("settings.applications.noUser") },
          ...users.map((u) => ({ value: u.href, label: u.label })),
        ]}
      />
      <div className={css.actions}>
        <Button type="submit">{t("settings.applications.register")}</Button>
      </div>
    </Form>
  );
}
