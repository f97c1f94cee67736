import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { PASSWORD_MIN } from "~/models/auth/auth.schema";
import { changePasswordValidator } from "~/models/auth/auth.validators";
import { useT } from "~/components/locale/locale-context";
import { useLocalizedValidator } from "~/components/locale/validation";

/** Current, new and confirmation; every error is shown by its field. */
export function ChangePasswordForm({ username }: { username: string }) {
  const t = useT();
  return (
    <ValidatedForm
      validator={useLocalizedValidator(changePasswordValidator)}
      method="post"
      noValidate
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <ValidatedTextField
        label={t("auth.password.current")}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        maxLength={256}
      />
      <ValidatedTextField
        label={t("auth.password.new")}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        maxLength={256}
        description={t("auth.password.minimum", { min: PASSWORD_MIN })}
      />
      <ValidatedTextField
        label={t("auth.password.confirm")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={256}
      />
      <Button type="submit">{t("auth.change.submit")}</Button>
    </ValidatedForm>
  );
}
