import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/models/auth/auth.schema";
import { signupFormSchema, type SignupField } from "~/models/signup/signup.schema";
import { ExtraFields } from "./ExtraFields";
import { useLocalizedValidator } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";

/*
 * The public sign-up (decision 036): remix-validated-form, a flat form whose validator is built
 * from the site's extra fields, the same schema the server checks. Every error shows at once.
 */
export function SignupForm({ fields }: { fields: SignupField[] }) {
  const validator = useLocalizedValidator(
    useMemo(() => withZod(signupFormSchema(fields)), [fields]),
  );
  const t = useT();
  return (
    <ValidatedForm validator={validator} method="post" noValidate>
      <ValidatedTextField
        label={t("people.signup.field.firstName")}
        name="firstName"
        autoComplete="given-name"
        maxLength={100}
      />
      <ValidatedTextField
        label={t("people.signup.field.lastName")}
        name="lastName"
        autoComplete="family-name"
        maxLength={100}
      />
      <ValidatedTextField
        label={t("people.signup.field.email")}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <ValidatedTextField
        label={t("people.signup.field.username")}
        name="username"
        autoComplete="username"
        maxLength={64}
        description={t("people.signup.usernameHint")}
      />
      <ValidatedTextField
        label={t("people.signup.field.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        description={t("people.signup.passwordHint", { min: PASSWORD_MIN })}
      />
      <ValidatedTextField
        label={t("people.signup.field.confirmPassword")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <ExtraFields fields={fields} />
      <Button type="submit">{t("people.signup.submit")}</Button>
    </ValidatedForm>
  );
}
