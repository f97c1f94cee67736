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

const Cancel = () => (
  <Link to={LINKS.adminSignups} className={css.cancel}>
    Cancel
  </Link>
);

/** Sign-up details (spec 002): first and last name, the e-mail read-only, the extra fields. */
export function SignupDetailsForm({ signup, fields }: { signup: Signup; fields: SignupField[] }) {
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
      <h2 id="details-title">Sign-up details: {nameOf(signup)}</h2>
      <input type="hidden" name="id" value={signup.id} />
      <input type="hidden" name="intent" value="details" />
      <ValidatedTextField
        label="First name"
        name="firstName"
        defaultValue={signup.firstName}
        maxLength={100}
      />
      <ValidatedTextField
        label="Last name"
        name="lastName"
        defaultValue={signup.lastName}
        maxLength={100}
      />
      <TextField label="E-mail address" name="emailShown" value={signup.email} isReadOnly />
      <p className={muted}>User name: {signup.username}</p>
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
  return (
    <Button type="submit" isDisabled={hydrated && !valid}>
      Save
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
  return (
    <Form method="post" className={css.form} aria-labelledby="approve-title">
      <h2 id="approve-title">Approve {nameOf(signup)}</h2>
      {formError ? (
        <p className={alertDanger} role="alert">
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="id" value={signup.id} />
      {groups.length > 0 ? (
        <CheckboxGroup name="groups" validationBehavior="aria" className={css.fieldset}>
          <Label className={controls.legend}>Groups for the new account</Label>
          {groups.map((group) => (
            <Checkbox key={group.id} value={String(group.id)} className={controls.checkbox}>
              <span className={controls.checkboxBox} aria-hidden="true" />
              {group.name}
            </Checkbox>
          ))}
          <FieldError className={controls.fieldError} />
        </CheckboxGroup>
      ) : (
        <p className={muted}>There are no groups to choose; the account joins Registered Users.</p>
      )}
      <div className={css.actions}>
        <Button type="submit" name="intent" value="approve">
          Approve and create the account
        </Button>
        <Cancel />
      </div>
    </Form>
  );
}

/** Reject after confirming: the visitor is told by mail, and no account is made. */
export function RejectSignupForm({ signup }: { signup: Signup }) {
  return (
    <Form method="post" className={css.confirm} aria-labelledby="reject-title">
      <h2 id="reject-title">Reject {nameOf(signup)}?</h2>
      <p>
        {signup.email} will be told by mail that the sign-up was not approved. No account is made.
      </p>
      <input type="hidden" name="id" value={signup.id} />
      <div className={css.actions}>
        <Button type="submit" name="intent" value="reject">
          Reject the sign-up
        </Button>
        <Cancel />
      </div>
    </Form>
  );
}
