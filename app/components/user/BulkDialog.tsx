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
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

export const BULK_TITLES: Record<BulkKind, MessageId> = {
  company: "people.users.bulk.company",
  license: "people.users.bulk.licenseTitle",
  access: "people.users.bulk.access",
  expiry: "people.users.bulk.expiry",
  delete: "people.users.bulk.delete",
};

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
  const t = useT();
  const NO_CHANGE = { value: "", label: t("people.bulk.noChange") };
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
        <p>{t("people.bulk.noneApplicable")}</p>
      ) : (
        <>
          <p>
            {kind === "delete"
              ? t("people.bulk.deleteConfirm", { count: applicable.length })
              : t("people.bulk.appliesTo", { count: applicable.length })}
          </p>
          {names(applicable)}
        </>
      )}
      {skipped.length > 0 ? (
        <details className={css.disclosure}>
          <summary>{t("people.bulk.skipped", { count: skipped.length })}</summary>
          {names(skipped)}
        </details>
      ) : null}
      {kind === "company" ? (
        <ValidatedTextField
          label={t("people.user.field.organization")}
          name="company"
          maxLength={200}
        />
      ) : null}
      {kind === "license" ? (
        <div className={css.columns}>
          <ValidatedSelectField
            label={t("people.user.field.licenseLevel")}
            name="licenseLevel"
            options={[NO_CHANGE, ...LICENSE_LEVEL_NAMES.map((l) => ({ value: l, label: l }))]}
          />
          <ValidatedSelectField
            label={t("people.user.field.licenseMode")}
            name="licenseMode"
            options={[NO_CHANGE, ...LICENSE_MODE_NAMES.map((m) => ({ value: m, label: m }))]}
          />
        </div>
      ) : null}
      {kind === "access" ? (
        <ValidatedRadioGroupField
          label={t("people.editor.access")}
          name="isEnabled"
          options={[
            { value: "true", label: t("people.bulk.enabled") },
            { value: "false", label: t("people.users.disabled") },
          ]}
        />
      ) : null}
      {kind === "expiry" ? (
        <ValidatedTextField
          label={t("people.user.field.expires")}
          name="expires"
          type="date"
          description={t("people.editor.neverExpires")}
        />
      ) : null}
      <div className={css.actions}>
        {applicable.length > 0 ? (
          <Button type="submit">
            {kind === "delete" ? t("people.users.bulk.delete") : t("people.bulk.apply")}
          </Button>
        ) : null}
        <Link to={back} className={button.secondary}>
          {t("people.cancel")}
        </Link>
      </div>
    </ValidatedForm>
  );
}
