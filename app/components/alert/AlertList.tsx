import { withZod } from "@remix-validated-form/with-zod";
import { Form, Link } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { type SelectOption, ValidatedSelectField } from "~/components/ui/SelectField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { alertFormSchema, type AlertView } from "~/models/alert/alert.schema";
import { MAX_EXPRESSION_LENGTH } from "~/models/search/search-expression";
import { alertDanger } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./alerts.css";
import { useT } from "~/components/locale/locale-context";
import { useLocalizedValidator } from "~/components/locale/validation";

export const alertFormValidator = withZod(alertFormSchema);

/** The alerts list's own action (an index route: ?index names it, as the albums page does). */
export const ALERTS_ACTION = `${LINKS.alerts}?index`;

/*
 * The alerts list (spec 001 "Alerts list", decision 062): each row shows the interval, the search
 * and the archive, with edit and delete. Edit mode (?edit=id, a link, so it works without
 * JavaScript) is a flat remix-validated-form: interval, search text, archive, save and cancel.
 */

export interface AlertListProps {
  alerts: AlertView[];
  archives: SelectOption[];
  intervals: SelectOption[];
  editing: string | null;
  formError?: string | null;
}

function EditRow({
  alert,
  archives,
  intervals,
  formError,
}: Omit<AlertListProps, "alerts" | "editing"> & { alert: AlertView }) {
  const t = useT();
  const archiveId = /^\/fotoweb\/archives\/(\d+)/.exec(alert.collection)?.[1] ?? "";
  // The alert's own archive stays a choice even where Alert was lost: saving it says so.
  const choices = archives.some((a) => a.value === archiveId)
    ? archives
    : [{ value: archiveId, label: alert.archiveName }, ...archives];
  return (
    <li className={css.row} data-editing="true" data-testid={`alert-${alert.id}`}>
      <ValidatedForm
        validator={useLocalizedValidator(alertFormValidator)}
        method="post"
        action={`${ALERTS_ACTION}&edit=${alert.id}`}
        noValidate
        className={css.editForm}
        aria-label={t("work.alerts.editLabel", { search: alert.dtSearchString })}
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="alert" value={alert.id} />
        {formError ? (
          <p role="alert" className={alertDanger}>
            {formError}
          </p>
        ) : null}
        <ValidatedSelectField
          label={t("work.alerts.field.interval")}
          name="interval"
          options={intervals}
          defaultValue={alert.interval}
        />
        <ValidatedTextField
          label={t("work.alerts.field.search")}
          name="searchString"
          defaultValue={alert.dtSearchString}
          maxLength={MAX_EXPRESSION_LENGTH}
        />
        <ValidatedSelectField
          label={t("work.alerts.field.archive")}
          name="archive"
          options={choices}
          defaultValue={archiveId}
        />
        <div className={css.actions}>
          <Button type="submit">{t("work.alerts.save")}</Button>
          {/*
           * A navigation of the router, not a document load: a document load started while the
           * router still settles a failed save was cancelled by its history update. Leaving the
           * address clears the save's action data and unmounts the form with its state.
           */}
          <Link to={LINKS.alerts} className={css.link}>
            {t("work.alerts.cancel")}
          </Link>
        </div>
      </ValidatedForm>
    </li>
  );
}

function ReadRow({ alert }: { alert: AlertView }) {
  const t = useT();
  return (
    <li className={css.row} data-testid={`alert-${alert.id}`}>
      <span>{t("work.alerts.interval", { interval: alert.interval })}</span>
      <span className={css.searchText}>{alert.dtSearchString}</span>
      <a href={alert.collection} className={css.link}>
        {alert.archiveName}
      </a>
      <span className={css.actions}>
        <Link
          to={`${LINKS.alerts}?edit=${alert.id}`}
          className={css.link}
          aria-label={t("work.alerts.editLabel", { search: alert.dtSearchString })}
        >
          {t("work.alerts.edit")}
        </Link>
        <Form method="post" action={ALERTS_ACTION}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="alert" value={alert.id} />
          <Button
            type="submit"
            variant="secondary"
            aria-label={t("work.alerts.deleteLabel", { search: alert.dtSearchString })}
          >
            {t("work.alerts.delete")}
          </Button>
        </Form>
      </span>
    </li>
  );
}

export function AlertList(props: AlertListProps) {
  const t = useT();
  if (props.alerts.length === 0) return <p data-testid="no-alerts">{t("work.alerts.none")}</p>;
  return (
    <ul className={css.list} aria-label={t("work.alerts.list")}>
      {props.alerts.map((alert) =>
        alert.id === props.editing ? (
          <EditRow
            key={alert.id}
            alert={alert}
            archives={props.archives}
            intervals={props.intervals}
            formError={props.formError}
          />
        ) : (
          <ReadRow key={alert.id} alert={alert} />
        ),
      )}
    </ul>
  );
}
