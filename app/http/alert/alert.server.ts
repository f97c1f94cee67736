import { onePage } from "~/utils/paging";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { ALERT_NOT_FOUND, alertArchives } from "~/models/access/organize-access.server";
import {
  ALERT_INTERVALS,
  ALERT_LIST_TYPE,
  ALERT_TYPE,
  alertBodySchema,
  alertFormSchema,
  shortSearchText,
  type AlertInput,
  type AlertView,
} from "~/models/alert/alert.schema";
import {
  createAlert,
  deleteAlert,
  findAlert,
  INVALID_SEARCH_HEADING,
  listAlerts,
  updateAlert,
} from "~/models/alert/alert.server";
import { keyed } from "~/models/locale/keyed";
import { isProblem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { alertHref, LINKS } from "~/utils/links";
import { asHttpError } from "../error.server";
import { apiJson, HttpError } from "../http.server";
import { translatorFor } from "../locale/locale.server";
import { acceptsType } from "../negotiate";
import { requireViewer } from "../session.server";
import { checkSubmission, formReply, readBody, type SubmittedValues } from "../submission.server";
import { redirectWithToast } from "../toast.server";

/*
 * The alerts' HTTP side (decision 062): the API at /fotoweb/me/alerts/ and each alert's href,
 * and the alerts list page's form posts (create from an archive search, update, delete). The
 * rules are the models'; this module reads requests and writes answers.
 */

const signedIn = (request: Request) => requireViewer(request, { allowGuest: false });

/** An alert id from the URL; anything else answers as a missing alert (the model says so). */
export function alertIdOf(segment: string | undefined): number {
  return /^\d{1,9}$/.test(segment ?? "") ? Number(segment) : 0;
}

/**
 * What the model refuses, as field errors where a field is to blame: the search text (an
 * unreadable expression, with its heading), the archive (no Alert there, or none to see).
 */
function refusalReply(
  request: Request,
  error: unknown,
  values: SubmittedValues,
  bodyField = "archive",
) {
  if (isProblem(error) && error.details.code === "searchString")
    return formReply(request, {
      fieldErrors: {
        [bodyField === "collection" ? "dtSearchString" : "searchString"]: error.message,
      },
      values,
      heading: INVALID_SEARCH_HEADING,
      value: error.message,
    });
  const refusal = asHttpError(error);
  if (refusal && (refusal.status === 403 || refusal.status === 404) && !isProblemAboutAlert(error))
    return formReply(request, {
      fieldErrors: { [bodyField]: refusal.message },
      values,
      status: refusal.status === 403 ? 403 : 400,
    });
  throw error;
}

const isProblemAboutAlert = (error: unknown) =>
  isProblem(error) && error.message === ALERT_NOT_FOUND;

const typeFor = (request: Request, type: string) =>
  acceptsType(request, type) ? type : "application/json";

/* ---------- the API ---------- */

export async function alertListResponse(request: Request): Promise<Response> {
  const viewer = await signedIn(request);
  const data = await listAlerts(viewer);
  return apiJson({ data, paging: onePage(LINKS.alerts) }, typeFor(request, ALERT_LIST_TYPE));
}

/** POST {collection, interval, dtSearchString}: 201, the alert, its href in Location. */
export async function createAlertResponse(request: Request): Promise<Response> {
  const viewer = await signedIn(request);
  const submission = await checkSubmission(await readBody(request), alertBodySchema);
  if (!submission.ok) return formReply(request, submission);
  try {
    const alert = await createAlert(viewer, submission.data);
    return apiJson(alert, typeFor(request, ALERT_TYPE), {
      status: 201,
      headers: { Location: alert.href },
    });
  } catch (error) {
    return refusalReply(request, error, submission.values, "collection");
  }
}

export async function alertResponse(request: Request, id: number): Promise<Response> {
  const viewer = await signedIn(request);
  return apiJson(await findAlert(viewer, id), typeFor(request, ALERT_TYPE));
}

/** PUT (or POST) the whole alert: collection, interval, dtSearchString. */
export async function updateAlertResponse(request: Request, id: number): Promise<Response> {
  const viewer = await signedIn(request);
  await findAlert(viewer, id);
  const submission = await checkSubmission(await readBody(request), alertBodySchema);
  if (!submission.ok) return formReply(request, submission);
  try {
    return apiJson(await updateAlert(viewer, id, submission.data), typeFor(request, ALERT_TYPE));
  } catch (error) {
    return refusalReply(request, error, submission.values, "collection");
  }
}

export async function deleteAlertResponse(request: Request, id: number): Promise<Response> {
  const viewer = await signedIn(request);
  await deleteAlert(viewer, id);
  return new Response(null, { status: 204 });
}

/** A page request for one alert: the list, that alert in edit mode (after the owner check). */
export async function alertPageRedirect(request: Request, id: number): Promise<Response> {
  const viewer = await signedIn(request);
  await findAlert(viewer, id);
  return redirect(`${LINKS.alerts}?edit=${id}`);
}

/* ---------- the alerts list page ---------- */

export interface AlertsPage {
  alerts: AlertView[];
  archives: { value: string; label: string }[];
  intervals: { value: string; label: string }[];
  editing: string | null;
}

export async function alertsPageData(request: Request): Promise<AlertsPage> {
  const viewer = await signedIn(request);
  const [alerts, archives, t] = await Promise.all([
    listAlerts(viewer),
    alertArchives(viewer),
    translatorFor(request),
  ]);
  const edit = new URL(request.url).searchParams.get("edit");
  return {
    alerts,
    archives: archives.map((a) => ({ value: String(a.id), label: a.name })),
    intervals: ALERT_INTERVALS.map((interval) => ({
      value: interval,
      label: t("work.alerts.interval", { interval }),
    })),
    editing: alerts.some((a) => a.id === edit) ? edit : null,
  };
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Where a create from an archive search goes back to: a path of this site only. */
const back = z
  .string()
  .max(4000)
  .optional()
  .transform((to) => (to && /^\/(?!\/)/.test(to) && !to.includes("\\") ? to : LINKS.alerts));

/** The page's form posts: create (from an archive search), update, delete; each redirected. */
export async function alertsPageAction(request: Request): Promise<Response> {
  const viewer = await signedIn(request);
  const values = await readBody(request, { json: false });
  switch (values.intent) {
    case "create":
      return createFromForm(request, viewer, values);
    case "update": {
      const alertId = id.safeParse(values.alert);
      if (!alertId.success) throw new HttpError(404, ALERT_NOT_FOUND);
      await findAlert(viewer, alertId.data);
      const submission = await checkSubmission(values, alertFormSchema);
      if (!submission.ok) return formReply(request, submission);
      try {
        await updateAlert(viewer, alertId.data, submission.data);
      } catch (error) {
        return refusalReply(request, error, values);
      }
      return redirectWithToast(request, LINKS.alerts, { message: keyed("work.alerts.saved") });
    }
    case "delete": {
      const alertId = id.safeParse(values.alert);
      if (!alertId.success) throw new HttpError(404, ALERT_NOT_FOUND);
      await deleteAlert(viewer, alertId.data);
      return redirectWithToast(request, LINKS.alerts, { message: keyed("work.alerts.deleted") });
    }
    default:
      throw new HttpError(400, keyed("validation.request.invalid"));
  }
}

/**
 * The create-alert button without JavaScript: a plain post that goes back to the search with a
 * toast, the created alert's words or the refusal's.
 */
async function createFromForm(request: Request, viewer: Viewer, values: SubmittedValues) {
  const to = back.parse(typeof values.back === "string" ? values.back : undefined);
  const submission = await checkSubmission({ interval: "every_day", ...values }, alertFormSchema);
  if (!submission.ok)
    return redirectWithToast(request, to, {
      kind: "error",
      message:
        Object.values(submission.fieldErrors)[0] ??
        submission.formError ??
        keyed("grid.alert.createFailed"),
    });
  try {
    const alert = await createAlert(viewer, submission.data as AlertInput);
    return redirectWithToast(request, to, {
      message: keyed("work.alerts.createdModifyInAlerts", {
        search: shortSearchText(alert.dtSearchString),
      }),
    });
  } catch (error) {
    const refusal = asHttpError(error);
    if (!refusal) throw error;
    return redirectWithToast(request, to, { kind: "error", message: refusal.message });
  }
}

export { alertHref };
