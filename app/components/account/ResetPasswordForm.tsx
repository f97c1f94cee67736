import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/models/auth/auth.schema";
import { resetPasswordValidator } from "~/models/auth/auth.validators";
import { useT } from "~/components/locale/locale-context";
import { useLocalizedValidator } from "~/components/locale/validation";

/** A new password and its confirmation, by the change-password rules. */
export function ResetPasswordForm({ username }: { username: string }) {
  const t = useT();
  return (
    <ValidatedForm
      validator={useLocalizedValidator(resetPasswordValidator)}
      method="post"
      noValidate
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <ValidatedTextField
        label={t("auth.password.new")}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        description={t("auth.password.minimum", { min: PASSWORD_MIN })}
      />
      <ValidatedTextField
        label={t("auth.password.confirm")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <Button type="submit">{t("auth.reset.submit")}</Button>
    </ValidatedForm>
  );
}
