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
import { useT, type Translate } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import type { MessageId } from "~/models/locale/message-id";

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
const LABELS = {
  username: "people.user.field.username",
  description: "people.user.field.description",
  "address.givenName": "people.user.field.givenName",
  "address.surname": "people.user.field.surname",
  "address.email": "people.user.field.email",
  "address.organization": "people.user.field.organization",
  "address.homepage": "people.user.field.homepage",
  "address.title": "people.user.field.title",
  "address.middleName": "people.user.field.middleName",
  "address.streetAddress[]": "people.user.field.streetAddress",
  "address.city": "people.user.field.city",
  "address.state": "people.user.field.state",
  "address.zipCode": "people.user.field.zipCode",
  "address.country": "people.user.field.country",
  "address.profession": "people.user.field.profession",
  "address.businessType": "people.user.field.businessType",
  "address.phone": "people.user.field.phone",
  "address.fax": "people.user.field.fax",
  "account.password": "people.user.field.password",
  "account.confirmPassword": "people.user.field.confirmPassword",
  "account.expires": "people.user.field.expires",
  "account.isEnabled": "people.user.field.isEnabled",
  "account.forcePasswordChange": "people.user.field.forcePasswordChange",
  memberOf: "people.user.field.memberOf",
  "license.level": "people.user.field.licenseLevel",
  "license.mode": "people.user.field.licenseMode",
  "commerce.paymentMethod": "people.user.field.paymentMethod",
  "commerce.accountId": "people.user.field.accountId",
  "commerce.category": "people.user.field.category",
  "commerce.discount": "people.user.field.discount",
  properties: "people.user.field.properties",
  "properties[].key": "people.user.field.key",
  "properties[].value": "people.user.field.value",
} as const satisfies Record<string, MessageId>;
type Labelled = keyof typeof LABELS;

/** The labels in the reader's words; a row's `{n}` stays for the summary to number. */
const labelsIn = (t: Translate) =>
  Object.fromEntries(
    Object.entries(LABELS).map(([name, id]) => [name, t(id, { n: "{n}" })]),
  ) as FieldLabels & Record<Labelled, string>;

/** The plain text fields of each section, by name, and the input type of those that need one. */
const USER_INFORMATION: Labelled[] = [
  "username",
  "address.givenName",
  "address.surname",
  "address.email",
  "address.organization",
];
const ADDRESS_BEFORE_STREET: Labelled[] = ["address.title", "address.middleName"];
const ADDRESS_AFTER_STREET: Labelled[] = [
  "address.city",
  "address.state",
  "address.zipCode",
  "address.country",
];
const PAYMENT: Labelled[] = ["commerce.accountId", "commerce.category", "commerce.discount"];
const BUSINESS: Labelled[] = ["address.profession", "address.businessType"];
const TELEPHONE: Labelled[] = ["address.phone", "address.fax"];
const INPUT_TYPES: Record<string, string> = {
  "address.email": "email",
  "address.homepage": "url",
  "address.phone": "tel",
  "address.fax": "tel",
};
const PASSWORD = "account.password" satisfies Labelled;
const CONFIRM = "account.confirmPassword" satisfies Labelled;
const PROPERTIES = "properties" satisfies Labelled;
const DESCRIPTION = "description" satisfies Labelled;
const HOMEPAGE = "address.homepage" satisfies Labelled;

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
  const t = useT();
  const words = labelsIn(t);
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
  const noUpdate = !actions.update;
  const propertiesError = error(PROPERTIES);
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const field = (
    name: Labelled | `address.streetAddress[${number}]`,
    options: { label?: string; multiline?: boolean; description?: string } = {},
  ) => (
    <TextField
      key={name}
      label={options.label ?? words[name as Labelled]}
      name={name}
      type={INPUT_TYPES[name]}
      multiline={options.multiline}
      description={options.description}
      defaultValue={text(name)}
      errors={error(name)}
      isDisabled={noUpdate}
    />
  );

  const general = (
    <>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.userInformation")}</legend>
        <div className={css.columns}>{USER_INFORMATION.map((name) => field(name))}</div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.authentication")}</legend>
        {actions.updatePassword ? (
          <>
            <div className={css.columns}>
              <TextField
                label={words[PASSWORD]}
                name={PASSWORD}
                type="password"
                autoComplete="new-password"
                value={hydrated ? password : undefined}
                onChange={setPassword}
                errors={error(PASSWORD)}
                description={
                  mode === "new"
                    ? t("people.editor.passwordNew", { length: GENERATED_PASSWORD_LENGTH })
                    : t("people.editor.passwordKeep")
                }
              />
              <TextField
                label={words[CONFIRM]}
                name={CONFIRM}
                type="password"
                autoComplete="new-password"
                value={hydrated ? confirm : undefined}
                onChange={setConfirm}
                errors={error(CONFIRM)}
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
                  {t("people.editor.generatePassword")}
                </Button>
                {password &&
                password === confirm &&
                password.length === GENERATED_PASSWORD_LENGTH ? (
                  <output data-testid="generated-password">
                    <Msg
                      id="people.editor.generated"
                      values={{ password }}
                      components={{ 0: <code /> }}
                    />
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
                  {words["account.forcePasswordChange"]}
                </CheckboxField>
              </>
            ) : null}
          </>
        ) : (
          <p>{t("people.editor.noPassword")}</p>
        )}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.access")}</legend>
        {actions.updateAccountStatus ? (
          <>
            <input type="hidden" name="shown" value="account.isEnabled" />
            <CheckboxField
              name="account.isEnabled"
              defaultSelected={isOn(values["account.isEnabled"])}
              onChange={setEnabled}
            >
              {words["account.isEnabled"]}
            </CheckboxField>
            <TextField
              label={words["account.expires"]}
              name="account.expires"
              type="date"
              defaultValue={text("account.expires")}
              errors={error("account.expires")}
              // Looks disabled while the account is disabled (spec 002), and is still sent.
              isReadOnly={hydrated && !enabled}
              description={t("people.editor.neverExpires")}
            />
          </>
        ) : (
          <p>
            {t("people.editor.accessFixed", {
              enabled: String(isOn(values["account.isEnabled"])),
              expires: text("account.expires") || t("people.users.never"),
            })}
          </p>
        )}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.groups")}</legend>
        <p>{t("people.editor.builtInGroups")}</p>
        {actions.updateMemberships ? (
          <>
            <input type="hidden" name="shown" value="memberOf" />
            {props.groups.length === 0 ? <p>{t("people.editor.noOtherGroups")}</p> : null}
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
            {t("people.editor.membershipsFixed", {
              groups:
                props.groups
                  .filter((g) => props.memberOf.includes(g.id))
                  .map((g) => g.name)
                  .join(", ") || t("people.editor.noGroups"),
            })}
          </p>
        )}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.licensing")}</legend>
        {actions.updateLicense ? (
          <div className={css.columns}>
            <SelectField
              label={words["license.level"]}
              name="license.level"
              hydrated={hydrated}
              defaultValue={text("license.level")}
              errors={error("license.level")}
              options={LICENSE_LEVEL_NAMES.map((l) => ({ value: l, label: l }))}
            />
            <SelectField
              label={words["license.mode"]}
              name="license.mode"
              hydrated={hydrated}
              defaultValue={text("license.mode")}
              errors={error("license.mode")}
              options={LICENSE_MODE_NAMES.map((m) => ({ value: m, label: m }))}
            />
          </div>
        ) : (
          <p>
            {t("people.editor.licenseFixed", {
              level: text("license.level"),
              mode: text("license.mode"),
            })}
          </p>
        )}
      </fieldset>
    </>
  );

  const details = (
    <>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.descriptionHomepage")}</legend>
        {field(DESCRIPTION, { multiline: true })}
        {field(HOMEPAGE)}
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.address")}</legend>
        <div className={css.columns}>
          {ADDRESS_BEFORE_STREET.map((name) => field(name))}
          {[0, 1, 2, 3].map((i) =>
            field(`address.streetAddress[${i}]`, {
              label: t("people.user.field.streetAddress", { n: i + 1 }),
            }),
          )}
          {ADDRESS_AFTER_STREET.map((name) => field(name))}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.payment")}</legend>
        <div className={css.columns}>
          {noUpdate ? null : (
            <SelectField
              label={words["commerce.paymentMethod"]}
              name="commerce.paymentMethod"
              hydrated={hydrated}
              defaultValue={text("commerce.paymentMethod")}
              errors={error("commerce.paymentMethod")}
              options={Object.entries(PAYMENT_METHODS).map(([name, code]) => ({
                value: String(code),
                label: t(PAYMENT_METHOD_LABELS[name as keyof typeof PAYMENT_METHODS]),
              }))}
            />
          )}
          {PAYMENT.map((name) => field(name))}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.business")}</legend>
        <div className={css.columns}>{BUSINESS.map((name) => field(name))}</div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.label}>{t("people.editor.telephone")}</legend>
        <div className={css.columns}>{TELEPHONE.map((name) => field(name))}</div>
      </fieldset>
    </>
  );

  const properties = (
    <fieldset className={css.section}>
      <legend className={css.label}>{words[PROPERTIES]}</legend>
      <p>{t("people.editor.emptyRows")}</p>
      {propertiesError ? <p className={css.fieldError}>{propertiesError.join(" ")}</p> : null}
      {Array.from({ length: rows }, (_, i) => (
        <div className={css.columns} key={i}>
          <TextField
            label={t("people.user.field.key", { n: i + 1 })}
            name={`properties[${i}].key`}
            defaultValue={props.properties[i]?.key ?? ""}
            errors={error(`properties[${i}].key`) ?? error(`properties.${i}.key`)}
            isDisabled={noUpdate}
          />
          <TextField
            label={t("people.user.field.value", { n: i + 1 })}
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
            {t("people.editor.addProperty")}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );

  const sections: [TabId, string, ReactNode][] = [
    ["general", t("people.editor.general"), general],
    ["details", t("people.editor.details"), details],
    ["properties", words[PROPERTIES]!, properties],
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
        labels={words}
        anchorOf={(name) => `user-${tabOf(name)}`}
        onReveal={(name) => setTab(tabOf(name))}
      />
      <FormTabs
        sections={sections}
        selected={tab}
        onSelect={setTab}
        label={t("people.editor.settings")}
        idPrefix="user"
        panelClassName={css.form}
        marked={(id) => errorNames.some((name) => tabOf(name) === id)}
      />
      <div className={css.actions}>
        <Button type="submit">{mode === "new" ? t("people.editor.add") : t("people.save")}</Button>
        <Link to={props.back} className={button.secondary}>
          {t("people.cancel")}
        </Link>
      </div>
    </Form>
  );
}
