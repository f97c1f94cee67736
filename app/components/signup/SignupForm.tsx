import { withZod } from "@remix-validated-form/with-zod";
import { useMemo } from "react";
import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/models/auth/auth.schema";
import { signupFormSchema, type SignupField } from "~/models/signup/signup.schema";
import { ExtraFields } from "./ExtraFields";
import { useLocalizedValidator } from "~/components/locale/validation";

/*
 * The public sign-up (decision 036): remix-validated-form, a flat form whose validator is built
 * from the site's extra fields, the same schema the server checks. Every error shows at once.
 */
export function SignupForm({ fields }: { fields: SignupField[] }) {
  const validator = useLocalizedValidator(
    useMemo(() => withZod(signupFormSchema(fields)), [fields]),
  );
  return (
    <ValidatedForm validator={validator} method="post" noValidate>
      <ValidatedTextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        maxLength={100}
      />
      <ValidatedTextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        maxLength={100}
      />
      <ValidatedTextField
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
      />
      <ValidatedTextField
        label="User name"
        name="username"
        autoComplete="username"
        maxLength={64}
        description="Letters, digits and . _ @ - only."
      />
      <ValidatedTextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        description={`At least ${PASSWORD_MIN} characters.`}
      />
      <ValidatedTextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
      />
      <ExtraFields fields={fields} />
      <Button type="submit">Sign up</Button>
    </ValidatedForm>
  );
}
