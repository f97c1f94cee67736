import { useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { loginValidator } from "~/models/auth/auth.validators";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { alertDanger, alertWarning } from "~/styles/global.css";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { useLocalizedValidator } from "~/components/locale/validation";

export interface LoginFormProps {
  to: string;
  guestAccess: boolean;
  insecure: boolean;
  formError?: string;
  defaultMode?: "guest" | "user";
  defaultUsername?: string;
}

/**
 * The log-on form (spec 001 §2, 000 dialogs): guest or user, OK enabled only for a guest or when
 * both fields are filled. With JavaScript off the server applies the same rule.
 */
export function LoginForm({
  to,
  guestAccess,
  insecure,
  formError,
  defaultMode,
  defaultUsername,
}: LoginFormProps) {
  const t = useT();
  const [mode, setMode] = useState<string>(defaultMode ?? (guestAccess ? "guest" : "user"));
  const [username, setUsername] = useState(defaultUsername ?? "");
  const [password, setPassword] = useState("");
  // Nothing is disabled until the script runs: without it, choosing User could not re-enable the
  // fields (they would never post) nor the OK button, so the server applies the rule instead.
  const hydrated = useHydrated();
  const canSubmit = !hydrated || mode === "guest" || (username.trim() !== "" && password !== "");
  const fieldsDisabled = hydrated && mode === "guest";
  return (
    <ValidatedForm validator={useLocalizedValidator(loginValidator)} method="post" noValidate>
      {insecure ? (
        <p className={alertWarning} role="note">
          {t("auth.logOn.insecure")}
        </p>
      ) : null}
      {formError ? (
        <p className={alertDanger} role="alert">
          {formError}
        </p>
      ) : null}
      <input type="hidden" name="to" value={to} />
      {guestAccess ? (
        <RadioGroupField
          label={t("auth.logOn.as")}
          name="mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: "guest", label: t("auth.logOn.asGuest") },
            { value: "user", label: t("auth.logOn.asUser") },
          ]}
        />
      ) : (
        <input type="hidden" name="mode" value="user" />
      )}
      <ValidatedTextField
        label={t("auth.logOn.userName")}
        name="username"
        autoComplete="username"
        defaultValue={defaultUsername}
        maxLength={254}
        onChange={setUsername}
        isDisabled={fieldsDisabled}
      />
      <ValidatedTextField
        label={t("auth.logOn.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={256}
        onChange={setPassword}
        isDisabled={fieldsDisabled}
      />
      <Button type="submit" isDisabled={!canSubmit}>
        {t("auth.logOn.submit")}
      </Button>
    </ValidatedForm>
  );
}
