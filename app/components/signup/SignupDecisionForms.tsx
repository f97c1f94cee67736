import { withZod } from "@remix-validated-form/with-zod";
import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { Checkbox, CheckboxGroup } from "react-aria-components/CheckboxGroup";
import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { useHydrated } from "~/utils/use-hydrated";
import { useIsValid, ValidatedForm } from "remix-validated-form";
import * as css from "~/components/application/applications.css";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import * as controls from "~/components/ui/controls.css";
import { signupDetailsFormSchema, type SignupField } from "~/models/signup/signup.schema";
import type { AssignableGroup, Signup } from "~/models/signup/signup.server";
import { alertDanger, muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { ExtraFields } from "./ExtraFields";
import { nameOf } from "./PendingSignups";
import { useLocalizedValidator } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";

function Cancel() {
  const t = useT();
  return (
    <Link to={LINKS.adminSignups} className={css.cancel}>
      {t("people.cancel")}
    </Link>
  );
}

/** Sign-up details (spec 002): first and last name, the e-mail read-only, the extra fields. */
export function SignupDetailsForm({ signup, fields }: { signup: Signup; fields: SignupField[] }) {
  const t = useT();
  const validator = useLocalizedValidator(
    useMemo(() => withZod(signupDetailsFormSchema(fields)), [fields]),
  );
  return (
    <ValidatedForm
      validator={validator}
      method="post"
      noValidate
      className={css.form}
      aria-labelledby="details-title"
    >
      <h2 id="details-title">{t("people.signups.detailsTitle", { name: nameOf(signup) })}</h2>
      <input type="hidden" name="id" value={signup.id} />
      <input type="hidden" name="intent" value="details" />
      <ValidatedTextField
        label={t("people.signup.field.firstName")}
        name="firstName"
        defaultValue={signup.firstName}
        maxLength={100}
      />
      <ValidatedTextField
        label={t("people.signup.field.lastName")}
        name="lastName"
        defaultValue={signup.lastName}
        maxLength={100}
      />
      <TextField
        label={t("people.signup.field.email")}
        name="emailShown"
        value={signup.email}
        isReadOnly
      />
      <p className={muted}>{t("people.signups.usernameShown", { username: signup.username })}</p>
      <ExtraFields fields={fields} values={signup.userData} />
      <div className={css.actions}>
        <SaveDetails />
        <Cancel />
      </div>
    </ValidatedForm>
  );
}

/*
 * Spec 002: save is disabled while the details are invalid. Only with JavaScript, which clears a
 * field's error as it is corrected; without it the button must stay usable to post again.
 */
function SaveDetails() {
  const hydrated = useHydrated();
  const valid = useIsValid();
  const t = useT();
  return (
    <Button type="submit" isDisabled={hydrated && !valid}>
      {t("people.save")}
    </Button>
  );
}

/** Approve with group assignment (spec 002's approve-user modal), as a form on the page. */
export function ApproveSignupForm({
  signup,
  groups,
  formError,
}: {
  signup: Signup;
  groups: AssignableGroup[];
  formError?: string;
}) {
  const t = useT();
  return (
    <Form method="post" className={css.form} aria-labelledby="approve-title">
      <h2 id="approve-title">{t("people.signups.approveName", { name: nameOf(signup) })}</h2>
      {formError ? (
        <p className={alertDanger} role="alert">
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="id" value={signup.id} />
      {groups.length > 0 ? (
        <CheckboxGroup name="groups" validationBehavior="aria" className={css.fieldset}>
          <Label className={controls.legend}>{t("people.signups.groupsForAccount")}</Label>
          {groups.map((group) => (
            <Checkbox key={group.id} value={String(group.id)} className={controls.checkbox}>
              <span className={controls.checkboxBox} aria-hidden="true" />
              {group.name}
            </Checkbox>
          ))}
          <FieldError className={controls.fieldError} />
        </CheckboxGroup>
      ) : (
        <p className={muted}>{t("people.signups.noGroups")}</p>
      )}
      <div className={css.actions}>
        <Button type="submit" name="intent" value="approve">
          {t("people.signups.approveAndCreate")}
        </Button>
        <Cancel />
      </div>
    </Form>
  );
}

/** Reject after confirming: the visitor is told by mail, and no account is made. */
export function RejectSignupForm({ signup }: { signup: Signup }) {
  const t = useT();
  return (
    <Form method="post" className={css.confirm} aria-labelledby="reject-title">
      <h2 id="reject-title">{t("people.signups.rejectTitle", { name: nameOf(signup) })}</h2>
      <p>{t("people.signups.rejectLead", { email: signup.email })}</p>
      <input type="hidden" name="id" value={signup.id} />
      <div className={css.actions}>
        <Button type="submit" name="intent" value="reject">
          {t("people.signups.rejectSubmit")}
        </Button>
        <Cancel />
      </div>
    </Form>
  );
}
