import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/models/auth/auth.schema";
import { resetPasswordValidator } from "~/models/auth/auth.validators";

/** A new password and its confirmation, by the change-password rules. */
export function ResetPasswordForm({ username }: { username: string }) {
  return (
    <ValidatedForm validator={resetPasswordValidator} method="post" noValidate>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <ValidatedTextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        description={`At least ${PASSWORD_MIN} characters.`}
      />
      <ValidatedTextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <Button type="submit">Set the new password</Button>
    </ValidatedForm>
  );
}
