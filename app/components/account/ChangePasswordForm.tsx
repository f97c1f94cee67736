import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { PASSWORD_MIN } from "~/models/auth/auth.schema";
import { changePasswordValidator } from "~/models/auth/auth.validators";

/** Current, new and confirmation; every error is shown by its field. */
export function ChangePasswordForm({ username }: { username: string }) {
  return (
    <ValidatedForm validator={changePasswordValidator} method="post" noValidate>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <ValidatedTextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        maxLength={256}
      />
      <ValidatedTextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        maxLength={256}
        description={`At least ${PASSWORD_MIN} characters.`}
      />
      <ValidatedTextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={256}
      />
      <Button type="submit">Change password</Button>
    </ValidatedForm>
  );
}
