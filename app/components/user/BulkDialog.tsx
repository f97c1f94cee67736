import { withZod } from "@remix-validated-form/with-zod";
import { Link } from "@remix-run/react";
import { useField, ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedRadioGroupField } from "~/components/ui/ValidatedRadioGroupField";
import { ValidatedSelectField } from "~/components/ui/SelectField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { button } from "~/components/ui/controls.css";
import {
  bulkDialogSchema,
  LICENSE_LEVEL_NAMES,
  LICENSE_MODE_NAMES,
} from "~/models/user/user-admin.schema";
import type { BulkKind } from "~/utils/user-links";
import type { UserSummary } from "./UsersGrid";
import * as css from "./users.css";
import { useLocalizedValidator } from "~/components/locale/validation";

export const BULK_TITLES: Record<BulkKind, string> = {
  company: "Set company",
  license: "Set license and concurrency mode",
  access: "Set access",
  expiry: "Set expiry date",
  delete: "Delete users",
};

const NO_CHANGE = { value: "", label: "No change" };

const bulkValidator = withZod(bulkDialogSchema);

/** The message of the whole form, or the chosen users' (they are hidden fields). */
function FormAlert({ formError }: { formError?: string }) {
  const { error } = useField("users");
  const message = formError ?? error;
  return message ? (
    <p role="alert" className={css.errorSummary}>
      {message}
    </p>
  ) : null;
}

/*
 * The bulk dialogs (spec 002): each acts only on the chosen users whose action flags allow it,
 * and lists those it will leave as they are. License and mode default to "no change". A flat
 * remix-validated-form: the browser checks it with the action's schema before it posts.
 */
export function BulkDialog({
  kind,
  applicable,
  skipped,
  back,
  formError,
}: {
  kind: BulkKind;
  applicable: UserSummary[];
  skipped: UserSummary[];
  back: string;
  formError?: string;
}) {
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
    <ValidatedForm
      validator={useLocalizedValidator(bulkValidator)}
      method="post"
      className={css.form}
      noValidate
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="back" value={back} />
      {applicable.map((u) => (
        <input key={u.id} type="hidden" name="users" value={u.id} />
      ))}
      <FormAlert formError={formError} />
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
        <ValidatedTextField label="Company" name="company" maxLength={200} />
      ) : null}
      {kind === "license" ? (
        <div className={css.columns}>
          <ValidatedSelectField
            label="License level"
            name="licenseLevel"
            options={[NO_CHANGE, ...LICENSE_LEVEL_NAMES.map((l) => ({ value: l, label: l }))]}
          />
          <ValidatedSelectField
            label="Concurrency mode"
            name="licenseMode"
            options={[NO_CHANGE, ...LICENSE_MODE_NAMES.map((m) => ({ value: m, label: m }))]}
          />
        </div>
      ) : null}
      {kind === "access" ? (
        <ValidatedRadioGroupField
          label="Access"
          name="isEnabled"
          options={[
            { value: "true", label: "Enabled" },
            { value: "false", label: "Disabled" },
          ]}
        />
      ) : null}
      {kind === "expiry" ? (
        <ValidatedTextField
          label="Expiry date"
          name="expires"
          type="date"
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
    </ValidatedForm>
  );
}
