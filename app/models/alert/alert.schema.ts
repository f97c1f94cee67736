import { z } from "zod";
import { ALERT_INTERVALS, type AlertInterval } from "~/db/schema";
import { keyed } from "~/models/locale/keyed";
import { MAX_EXPRESSION_LENGTH } from "~/models/search/search-expression";

/*
 * Alerts (issue 19, decision 062): the words, limits and schemas shared by the alerts list's
 * forms, the create-alert button and the API. Pure: the browser imports it too.
 */

export { ALERT_INTERVALS, type AlertInterval };

/** The media types of the API (the reference describes none; decision 062). */
export const ALERT_TYPE = "application/vnd.fotoware.alert+json";
export const ALERT_LIST_TYPE = "application/vnd.fotoware.alert-list+json";

/** Spec 002 "Alert creation": the confirmation shows the search text cut to 50 characters. */
export { ALERT_CONFIRMATION_MS, ALERT_TEXT_SHOWN, shortSearchText } from "./alert-text";

export const INTERVAL_MESSAGE = keyed("work.alerts.validation.interval");
export const SEARCH_MESSAGE = keyed("work.alerts.validation.search");
export const ARCHIVE_MESSAGE = keyed("work.alerts.validation.archive");

const interval = z.enum(ALERT_INTERVALS, { errorMap: () => ({ message: INTERVAL_MESSAGE }) });
const searchString = z
  .string({ required_error: SEARCH_MESSAGE, invalid_type_error: SEARCH_MESSAGE })
  .trim()
  .min(1, SEARCH_MESSAGE)
  .max(
    MAX_EXPRESSION_LENGTH,
    keyed("work.alerts.validation.searchTooLong", { max: MAX_EXPRESSION_LENGTH }),
  );

/** "5000", "5000-Name" or an archive href such as /fotoweb/archives/5000-Name/. */
function archiveIdOf(value: string): number | null {
  const match = /^(?:\/fotoweb\/archives\/)?(\d{1,9})(?:-[^/]*)?\/?$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

const archive = z
  .string({ required_error: ARCHIVE_MESSAGE, invalid_type_error: ARCHIVE_MESSAGE })
  .max(2000, ARCHIVE_MESSAGE)
  .transform((value, ctx) => {
    const id = archiveIdOf(value);
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ARCHIVE_MESSAGE });
      return z.NEVER;
    }
    return id;
  });

export interface AlertInput {
  archiveId: number;
  interval: AlertInterval;
  searchString: string;
}

/** The alerts list's edit form and the create-alert form (flat: remix-validated-form's kind). */
export const alertFormSchema = z
  .object({ archive, interval, searchString })
  .transform(({ archive: archiveId, interval, searchString }): AlertInput => ({
    archiveId,
    interval,
    searchString,
  }));

/** The API body (spec 001 §7): collection (the archive's href), interval, dtSearchString. */
export const alertBodySchema = z
  .object({ collection: archive, interval, dtSearchString: searchString })
  .transform(({ collection, interval, dtSearchString }): AlertInput => ({
    archiveId: collection,
    interval,
    searchString: dtSearchString,
  }));

/** An alert as the API and the pages show it (spec 001 §3). */
export interface AlertView {
  id: string;
  href: string;
  /** The archive's href. */
  collection: string;
  archiveName: string;
  interval: AlertInterval;
  dtSearchString: string;
  created: string;
  modified: string;
}
