import { withZod } from "@remix-validated-form/with-zod";
import { Form, Link } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { type SelectOption, ValidatedSelectField } from "~/components/ui/SelectField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import {
  ALERT_INTERVAL_LABELS,
  alertFormSchema,
  NO_ALERTS_MESSAGE,
  type AlertView,
} from "~/models/alert/alert.schema";
import { MAX_EXPRESSION_LENGTH } from "~/models/search/search-expression";
import { alertDanger } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./alerts.css";
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
        aria-label={`Edit the alert “${alert.dtSearchString}”`}
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="alert" value={alert.id} />
        {formError ? (
          <p role="alert" className={alertDanger}>
            {formError}
          </p>
        ) : null}
        <ValidatedSelectField
          label="Interval"
          name="interval"
          options={intervals}
          defaultValue={alert.interval}
        />
        <ValidatedTextField
          label="Search"
          name="searchString"
          defaultValue={alert.dtSearchString}
          maxLength={MAX_EXPRESSION_LENGTH}
        />
        <ValidatedSelectField
          label="Archive"
          name="archive"
          options={choices}
          defaultValue={archiveId}
        />
        <div className={css.actions}>
          <Button type="submit">Save</Button>
          {/*
           * A navigation of the router, not a document load: a document load started while the
           * router still settles a failed save was cancelled by its history update. Leaving the
           * address clears the save's action data and unmounts the form with its state.
           */}
          <Link to={LINKS.alerts} className={css.link}>
            Cancel
          </Link>
        </div>
      </ValidatedForm>
    </li>
  );
}

function ReadRow({ alert }: { alert: AlertView }) {
  return (
    <li className={css.row} data-testid={`alert-${alert.id}`}>
      <span>{ALERT_INTERVAL_LABELS[alert.interval]}</span>
      <span className={css.searchText}>{alert.dtSearchString}</span>
      <a href={alert.collection} className={css.link}>
        {alert.archiveName}
      </a>
      <span className={css.actions}>
        <Link
          to={`${LINKS.alerts}?edit=${alert.id}`}
          className={css.link}
          aria-label={`Edit the alert “${alert.dtSearchString}”`}
        >
          Edit
        </Link>
        <Form method="post" action={ALERTS_ACTION}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="alert" value={alert.id} />
          <Button
            type="submit"
            variant="secondary"
            aria-label={`Delete the alert “${alert.dtSearchString}”`}
          >
            Delete
          </Button>
        </Form>
      </span>
    </li>
  );
}

export function AlertList(props: AlertListProps) {
  if (props.alerts.length === 0) return <p data-testid="no-alerts">{NO_ALERTS_MESSAGE}</p>;
  return (
    <ul className={css.list} aria-label="Alerts">
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
