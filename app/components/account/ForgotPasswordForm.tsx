import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { USERNAME_MAX } from "~/models/auth/auth.schema";
import { forgotPasswordValidator } from "~/models/auth/auth.validators";

/** The user name or e-mail address of the account whose password is forgotten. */
export function ForgotPasswordForm() {
  return (
    <ValidatedForm validator={forgotPasswordValidator} method="post" noValidate>
      <ValidatedTextField
        label="User name or e-mail address"
        name="identifier"
        autoComplete="username"
        maxLength={USERNAME_MAX}
      />
      <Button type="submit">Send the link</Button>
    </ValidatedForm>
  );
}
