import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { ErrorSummary, type FieldLabels } from "~/components/ui/ErrorSummary";
import { FormTabs } from "~/components/ui/FormTabs";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
import type { UserActions } from "~/models/access/access.server";
import {
  GENERATED_PASSWORD_LENGTH,
  LICENSE_LEVEL_NAMES,
  LICENSE_MODE_NAMES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  userBodySchema,
  type Property,
} from "~/models/user/user-admin.schema";
import * as css from "./users.css";
import { useConformErrors } from "~/components/locale/validation";

export interface UserEditorProps {
  mode: "new" | "edit";
  revision: number | null;
  values: Record<string, string | boolean>;
  properties: Property[];
  actions: UserActions;
  back: string;
  lastResult: SubmissionResult<string[]> | null;
  formError?: string;
  /** Every group but the built-in ones, and those the user is directly in. */
  groups: { id: number; name: string }[];
  memberOf: number[];
}

/** The fields' visible labels, for the error summary that lists every message at once. */
const LABELS: FieldLabels = {
  username: "Username",
  description: "Description",
  "address.givenName": "First name",
  "address.surname": "Last name",
  "address.email": "E-mail",
  "address.organization": "Company",
  "address.homepage": "Homepage",
  "address.title": "Title",
  "address.middleName": "Initials",
  "address.streetAddress": "Street address",
  "address.streetAddress[]": "Street address {n}",
  "address.city": "City",
  "address.state": "State",
  "address.zipCode": "Zip code",
  "address.country": "Country",
  "address.profession": "Profession",
  "address.businessType": "Business type",
  "address.phone": "Phone",
  "address.fax": "Fax",
  "account.password": "Password",
  "account.confirmPassword": "Confirm password",
  "account.expires": "Expiry date",
  "account.isEnabled": "Enabled (may sign in)",
  "account.forcePasswordChange": "Must change the password at the next sign-in",
  memberOf: "Groups",
  "license.level": "License level",
  "license.mode": "Concurrency mode",
  "commerce.paymentMethod": "Payment method",
  "commerce.accountId": "Account id",
  "commerce.category": "Category",
  "commerce.discount": "Discount (%)",
  properties: "Custom properties",
  "properties[].key": "Key {n}",
  "properties[].value": "Value {n}",
};

const isOn = (v: unknown) => v === true || v === "true" || v === "on";

type TabId = "general" | "details" | "properties";

const tabOf = (name: string): TabId =>
  name.startsWith("properties")
    ? "properties"
    : /^(username|address\.(givenName|surname|email|organization)|account|license)/.test(name)
      ? "general"
      : "details";

/** 32 random characters from the URL-safe alphabet, from the browser's CSPRNG. */
function generatedPassword(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = crypto.getRandomValues(new Uint8Array(GENERATED_PASSWORD_LENGTH));
  return Array.from(bytes, (b) => alphabet[b % 64]).join("");
}

/*
 * The add/edit user screen (spec 002): General, Details and Custom properties. With JavaScript
 * they are tabs (every panel stays in the form, so one post sends them all); without, sections of
 * one form. Field names are the API's, so the server's reply names the same fields; every error
 * shows by its field and in a summary above, whichever tab it is on.
 */
export function UserEditor(props: UserEditorProps) {
  const { mode, values, actions } = props;
  const hydrated = useHydrated();
  const schema = userBodySchema(mode === "new" ? "create" : "replace");
  const conformErrors = useConformErrors();
  const [form] = useForm({
    id: "user-editor",
    lastResult: props.lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema, disableAutoCoercion: true, formatError: conformErrors }),
  });
  const errors = form.allErrors;
  const error = (name: string) => errors[name];
  const errorNames = Object.keys(errors).filter((n) => n !== "" && errors[n]?.length);
  const [tab, setTab] = useState<TabId>(errorNames.length > 0 ? tabOf(errorNames[0]!) : "general");
  const [enabled, setEnabled] = useState(isOn(values["account.isEnabled"]));
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [rows, setRows] = useState(props.properties.length + 2);
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const field = (
    name: string,
    label: string,
    options: { disabled?: boolean; type?: string; multiline?: boolean; description?: string } = {},
  ) => (
    <TextField
      key={name}
      label={label}
      name={name}
      type={options.type}
      multiline={options.multiline}
      description={options.description}
      defaultValue={text(name)}
      errors={error(name)}
      isDisabled={options.disabled}
    />
  );
  const noUpdate = !actions.update;

  const general = (
    <>
      <fieldset className={css.section}>
        <legend className={css.label}>User information</legend>
        <div className={css.columns}>
          {field("username", "Username", { disabled: noUpdate })}
          {field("address.givenName", "First name", { disabled: noUpdate })}
          {field("address.surname", "Last name", { disabled: noUpdate })}
          {field("address.email", "E-mail", { disabled: noUpdate, type: "email" })}
          {field("address.organization", "Company", { disabled: noUpdate })}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Authentication</legend>
        {actions.updatePassword ? (
          <>
            <div className={css.columns}>
              <TextField
                label="Password"
                name="account.password"
                type="password"
                autoComplete="new-password"
                value={hydrated ? password : undefined}
                onChange={setPassword}
                errors={error("account.password")}
                description={
                  mode === "new"
                    ? `Leave empty and a ${GENERATED_PASSWORD_LENGTH}-character password is generated.`
                    : "Leave empty to keep the current password."
                }
              />
              <TextField
                label="Confirm password"
                name="account.confirmPassword"
                type="password"
                autoComplete="new-password"
                value={hydrated ? confirm : undefined}
                onChange={setConfirm}
                errors={error("account.confirmPassword")}
              />
            </div>
            {hydrated ? (
              <div className={css.actions}>
                <Button
                  variant="secondary"
                  onPress={() => {
                    const next = generatedPassword();
                    setPassword(next);
                    setConfirm(next);
                  }}
                >
                  Generate password
                </Button>
                {password &&
                password === confirm &&
                password.length === GENERATED_PASSWORD_LENGTH ? (
                  <output data-testid="generated-password">
                    Password: <code>{password}</code>
                  </output>
                ) : null}
              </div>
            ) : null}
            {mode === "edit" ? (
              <>
                <input type="hidden" name="shown" value="account.forcePasswordChange" />
                <CheckboxField
                  name="account.forcePasswordChange"
                  defaultSelected={isOn(values["account.forcePasswordChange"])}
                >
                  Must change the password at the next sign-in
                </CheckboxField>
              </>
            ) : null}
          </>
        ) : (
          <p>The password of this user cannot be set here.</p>
        )}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Access</legend>
        {actions.updateAccountStatus ? (
          <>
            <input type="hidden" name="shown" value="account.isEnabled" />
            <CheckboxField
              name="account.isEnabled"
              defaultSelected={isOn(values["account.isEnabled"])}
              onChange={setEnabled}
            >
              Enabled (may sign in)
            </CheckboxField>
            <TextField
              label="Expiry date"
              name="account.expires"
              type="date"
              defaultValue={text("account.expires")}
              errors={error("account.expires")}
              // Looks disabled while the account is disabled (spec 002), and is still sent.
              isReadOnly={hydrated && !enabled}
              description="Empty: never expires."
            />
          </>
        ) : (
          <p>
            {isOn(values["account.isEnabled"]) ? "Enabled" : "Disabled"}; expires{" "}
            {text("account.expires") || "never"}. The access of this user cannot be changed here.
          </p>
        )}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Groups</legend>
        <p>Everyone and Registered Users hold every account; they are not chosen here.</p>
        {actions.updateMemberships ? (
          <>
            <input type="hidden" name="shown" value="memberOf" />
            {props.groups.length === 0 ? <p>There are no other groups yet.</p> : null}
            <div className={css.columns}>
              {props.groups.map((g) => (
                <label key={g.id} className={css.nativeCheckbox}>
                  <input
                    type="checkbox"
                    name="memberOf"
                    value={g.id}
                    defaultChecked={props.memberOf.includes(g.id)}
                  />
                  {g.name}
                </label>
              ))}
            </div>
          </>
        ) : (
          <p>
            {props.groups
              .filter((g) => props.memberOf.includes(g.id))
              .map((g) => g.name)
              .join(", ") || "No other groups"}
            . The memberships of this user cannot be changed here.
          </p>
        )}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Licensing</legend>
        {actions.updateLicense ? (
          <div className={css.columns}>
            <SelectField
              label="License level"
              name="license.level"
              hydrated={hydrated}
              defaultValue={text("license.level")}
              errors={error("license.level")}
              options={LICENSE_LEVEL_NAMES.map((l) => ({ value: l, label: l }))}
            />
            <SelectField
              label="Concurrency mode"
              name="license.mode"
              hydrated={hydrated}
              defaultValue={text("license.mode")}
              errors={error("license.mode")}
              options={LICENSE_MODE_NAMES.map((m) => ({ value: m, label: m }))}
            />
          </div>
        ) : (
          <p>
            {text("license.level")}, {text("license.mode")}. The license of this user cannot be
            changed here.
          </p>
        )}
      </fieldset>
    </>
  );

  const details = (
    <>
      <fieldset className={css.section}>
        <legend className={css.label}>Description and homepage</legend>
        {field("description", "Description", { disabled: noUpdate, multiline: true })}
        {field("address.homepage", "Homepage", { disabled: noUpdate, type: "url" })}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Address</legend>
        <div className={css.columns}>
          {field("address.title", "Title", { disabled: noUpdate })}
          {field("address.middleName", "Initials", { disabled: noUpdate })}
          {[0, 1, 2, 3].map((i) =>
            field(`address.streetAddress[${i}]`, `Street address ${i + 1}`, { disabled: noUpdate }),
          )}
          {field("address.city", "City", { disabled: noUpdate })}
          {field("address.state", "State", { disabled: noUpdate })}
          {field("address.zipCode", "Zip code", { disabled: noUpdate })}
          {field("address.country", "Country", { disabled: noUpdate })}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Payment</legend>
        <div className={css.columns}>
          {noUpdate ? null : (
            <SelectField
              label="Payment method"
              name="commerce.paymentMethod"
              hydrated={hydrated}
              defaultValue={text("commerce.paymentMethod")}
              errors={error("commerce.paymentMethod")}
              options={Object.entries(PAYMENT_METHODS).map(([name, code]) => ({
                value: String(code),
                label: PAYMENT_METHOD_LABELS[name as keyof typeof PAYMENT_METHODS],
              }))}
            />
          )}
          {field("commerce.accountId", "Account id", { disabled: noUpdate })}
          {field("commerce.category", "Category", { disabled: noUpdate })}
          {field("commerce.discount", "Discount (%)", { disabled: noUpdate })}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Business</legend>
        <div className={css.columns}>
          {field("address.profession", "Profession", { disabled: noUpdate })}
          {field("address.businessType", "Business type", { disabled: noUpdate })}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>Telephone</legend>
        <div className={css.columns}>
          {field("address.phone", "Phone", { disabled: noUpdate, type: "tel" })}
          {field("address.fax", "Fax", { disabled: noUpdate, type: "tel" })}
        </div>
      </fieldset>
    </>
  );

  const properties = (
    <fieldset className={css.section}>
      <legend className={css.label}>Custom properties</legend>
      <p>Rows with an empty key or value are left out.</p>
      {error("properties") ? (
        <p className={css.fieldError}>{error("properties")!.join(" ")}</p>
      ) : null}
      {Array.from({ length: rows }, (_, i) => (
        <div className={css.columns} key={i}>
          <TextField
            label={`Key ${i + 1}`}
            name={`properties[${i}].key`}
            defaultValue={props.properties[i]?.key ?? ""}
            errors={error(`properties[${i}].key`) ?? error(`properties.${i}.key`)}
            isDisabled={noUpdate}
          />
          <TextField
            label={`Value ${i + 1}`}
            name={`properties[${i}].value`}
            defaultValue={props.properties[i]?.value ?? ""}
            errors={error(`properties[${i}].value`) ?? error(`properties.${i}.value`)}
            isDisabled={noUpdate}
          />
        </div>
      ))}
      {hydrated && !noUpdate && rows < 100 ? (
        <div className={css.actions}>
          <Button variant="secondary" onPress={() => setRows((r) => r + 1)}>
            Add property
          </Button>
        </div>
      ) : null}
    </fieldset>
  );

  const sections: [TabId, string, ReactNode][] = [
    ["general", "General", general],
    ["details", "Details", details],
    ["properties", "Custom properties", properties],
  ];

  return (
    <Form method="post" {...getFormProps(form)} noValidate className={css.form}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={props.back} />
      {props.revision !== null ? (
        <input type="hidden" name="revision" value={props.revision} />
      ) : null}
      <ErrorSummary
        errors={errors}
        formError={props.formError}
        labels={LABELS}
        anchorOf={(name) => `user-${tabOf(name)}`}
        onReveal={(name) => setTab(tabOf(name))}
      />
      <FormTabs
        sections={sections}
        selected={tab}
        onSelect={setTab}
        label="User settings"
        idPrefix="user"
        panelClassName={css.form}
        marked={(id) => errorNames.some((name) => tabOf(name) === id)}
      />
      <div className={css.actions}>
        <Button type="submit">{mode === "new" ? "Add user" : "Save"}</Button>
        <Link to={props.back} className={button.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
