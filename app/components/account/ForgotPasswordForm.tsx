import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { USERNAME_MAX } from "~/models/auth/auth.schema";
import { forgotPasswordValidator } from "~/models/auth/auth.validators";
import { useT } from "~/components/locale/locale-context";
import { useLocalizedValidator } from "~/components/locale/validation";

/** The user name or e-mail address of the account whose password is forgotten. */
export function ForgotPasswordForm() {
  const t = useT();
  return (
    <ValidatedForm
      validator={useLocalizedValidator(forgotPasswordValidator)}
      method="post"
      noValidate
    >
      <ValidatedTextField
        label={t("auth.forgot.identifier")}
        name="identifier"
        autoComplete="username"
        maxLength={USERNAME_MAX}
      />
      <Button type="submit">{t("auth.forgot.submit")}</Button>
    </ValidatedForm>
  );
}
