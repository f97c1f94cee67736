import { useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { loginValidator } from "~/models/auth/auth.validators";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { alertDanger, alertWarning } from "~/styles/global.css";
import { useHydrated } from "~/utils/use-hydrated";

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
  const [mode, setMode] = useState<string>(defaultMode ?? (guestAccess ? "guest" : "user"));
  const [username, setUsername] = useState(defaultUsername ?? "");
  const [password, setPassword] = useState("");
  // Nothing is disabled until the script runs: without it, choosing User could not re-enable the
  // fields (they would never post) nor the OK button, so the server applies the rule instead.
  const hydrated = useHydrated();
  const canSubmit = !hydrated || mode === "guest" || (username.trim() !== "" && password !== "");
  const fieldsDisabled = hydrated && mode === "guest";
  return (
    <ValidatedForm validator={loginValidator} method="post" noValidate>
      {insecure ? (
        <p className={alertWarning} role="note">
          This connection is not secure. What you type here, your password included, could be read
          by others on the network.
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
          label="Log on as"
          name="mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: "guest", label: "Guest" },
            { value: "user", label: "User" },
          ]}
        />
      ) : (
        <input type="hidden" name="mode" value="user" />
      )}
      <ValidatedTextField
        label="User name"
        name="username"
        autoComplete="username"
        defaultValue={defaultUsername}
        maxLength={254}
        onChange={setUsername}
        isDisabled={fieldsDisabled}
      />
      <ValidatedTextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={256}
        onChange={setPassword}
        isDisabled={fieldsDisabled}
      />
      <Button type="submit" isDisabled={!canSubmit}>
        OK
      </Button>
    </ValidatedForm>
  );
}
