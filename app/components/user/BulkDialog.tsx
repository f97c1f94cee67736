import { Form, Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
import { LICENSE_LEVEL_NAMES, LICENSE_MODE_NAMES } from "~/models/user/user-admin.schema";
import type { BulkKind } from "~/utils/user-links";
import type { UserSummary } from "./UsersGrid";
import * as css from "./users.css";

export const BULK_TITLES: Record<BulkKind, string> = {
  company: "Set company",
  license: "Set license and concurrency mode",
  access: "Set access",
  expiry: "Set expiry date",
  delete: "Delete users",
};

const NO_CHANGE = { value: "", label: "No change" };

/*
 * The bulk dialogs (spec 002): each acts only on the chosen users whose action flags allow it,
 * and lists those it will leave as they are. License and mode default to "no change".
 */
export function BulkDialog({
  kind,
  applicable,
  skipped,
  back,
  fieldErrors,
  formError,
}: {
  kind: BulkKind;
  applicable: UserSummary[];
  skipped: UserSummary[];
  back: string;
  fieldErrors: Record<string, string>;
  formError?: string;
}) {
  const hydrated = useHydrated();
  const names = (users: UserSummary[]) => (
    <ul className={css.plainList}>
      {users.map((u) => (
        <li key={u.id}>
          {u.fullName} ({u.username})
        </li>
      ))}
    </ul>
  );
  return (
    <Form method="post" className={css.form} noValidate>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="back" value={back} />
      {applicable.map((u) => (
        <input key={u.id} type="hidden" name="users" value={u.id} />
      ))}
      {formError || fieldErrors.users ? (
        <p role="alert" className={css.errorSummary}>
          {formError ?? fieldErrors.users}
        </p>
      ) : null}
      {applicable.length === 0 ? (
        <p>None of the chosen users can be changed this way. Choose others in the list.</p>
      ) : (
        <>
          <p>
            {kind === "delete"
              ? `Delete ${applicable.length === 1 ? "this user" : `these ${applicable.length} users`}? This cannot be undone.`
              : `Applies to ${applicable.length === 1 ? "one user" : `${applicable.length} users`}:`}
          </p>
          {names(applicable)}
        </>
      )}
      {skipped.length > 0 ? (
        <details className={css.disclosure}>
          <summary>
            {skipped.length === 1 ? "One chosen user" : `${skipped.length} chosen users`} left as
            they are
          </summary>
          {names(skipped)}
        </details>
      ) : null}
      {kind === "company" ? (
        <TextField label="Company" name="company" maxLength={200} errors={fieldErrors.company} />
      ) : null}
      {kind === "license" ? (
        <div className={css.columns}>
          <SelectField
            label="License level"
            name="licenseLevel"
            hydrated={hydrated}
            errors={fieldErrors.licenseLevel}
            options={[NO_CHANGE, ...LICENSE_LEVEL_NAMES.map((l) => ({ value: l, label: l }))]}
          />
          <SelectField
            label="Concurrency mode"
            name="licenseMode"
            hydrated={hydrated}
            errors={fieldErrors.licenseMode}
            options={[NO_CHANGE, ...LICENSE_MODE_NAMES.map((m) => ({ value: m, label: m }))]}
          />
        </div>
      ) : null}
      {kind === "access" ? (
        <RadioGroupField
          label="Access"
          name="isEnabled"
          errors={fieldErrors.isEnabled}
          options={[
            { value: "true", label: "Enabled" },
            { value: "false", label: "Disabled" },
          ]}
        />
      ) : null}
      {kind === "expiry" ? (
        <TextField
          label="Expiry date"
          name="expires"
          type="date"
          errors={fieldErrors.expires}
          description="Empty: never expires."
        />
      ) : null}
      <div className={css.actions}>
        {applicable.length > 0 ? (
          <Button type="submit">{kind === "delete" ? "Delete users" : "Apply"}</Button>
        ) : null}
        <Link to={back} className={button.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
