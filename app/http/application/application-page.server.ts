import { json } from "@remix-run/node";
import {
  applicationUsers,
  createApplication,
  deleteApplication,
  getApplication,
  issueApiToken,
  listApplications,
} from "~/models/application/application.server";
import {
  applicationActionSchema,
  applicationInputSchema,
  userHref,
} from "~/models/application/application.schema";
import { applicationView } from "~/models/application/application.view";
import { LINKS } from "~/utils/links";
import { readReveal, revealCookie } from "../reveal.server";
import { checkSubmission, formReply, readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { keyed } from "~/models/locale/keyed";
import { requireApplicationManagerPage } from "./application-api.server";

/* The applications page (decision 028): its data and its three forms, post/redirect/get. */

const PAGE = LINKS.applications;

export async function applicationsPageData(request: Request) {
  const viewer = await requireApplicationManagerPage(request);
  const [applications, users, { reveal, setCookie }] = await Promise.all([
    listApplications(viewer),
    applicationUsers(viewer),
    readReveal(request, PAGE),
  ]);
  const confirmDelete = new URL(request.url).searchParams.get("delete");
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return json(
    {
      applications: applications.map(applicationView),
      users: users.map((u) => ({ href: userHref(u.id), label: `${u.fullName} (${u.username})` })),
      reveal,
      confirmDelete,
    },
    { headers },
  );
}

export async function applicationsPageAction(request: Request) {
  const viewer = await requireApplicationManagerPage(request);
  const values = await readBody(request, { json: false });
  if (values.intent === "create") {
    const submission = await checkSubmission(values, applicationInputSchema);
    if (!submission.ok) return formReply(request, submission);
    const created = await createApplication(viewer, submission.data);
    if (!created.ok) return formReply(request, { fieldErrors: created.fieldErrors, values });
    const { application, clientSecret } = created;
    // A public client has no secret to show; its client id is on the list.
    if (clientSecret === null)
      return redirectWithToast(request, PAGE, {
        message: keyed("settings.toast.applicationRegistered", { name: application.name }),
      });
    return redirectWithToast(
      request,
      PAGE,
      {
        message: keyed("settings.toast.applicationRegistered", { name: application.name }),
      },
      [
        await revealCookie(request, PAGE, {
          kind: "clientSecret",
          clientId: application.clientId,
          name: application.name,
          value: clientSecret,
        }),
      ],
    );
  }
  const submission = await checkSubmission(values, applicationActionSchema);
  if (!submission.ok) return formReply(request, submission);
  const { intent, clientId } = submission.data;
  if (intent === "delete") {
    const removed = await deleteApplication(viewer, clientId);
    return redirectWithToast(request, PAGE, {
      message: keyed("settings.toast.applicationDeleted", { name: removed.name }),
    });
  }
  const token = await issueApiToken(viewer, clientId);
  const { name } = await getApplication(viewer, clientId);
  return redirectWithToast(
    request,
    PAGE,
    {
      message: keyed("settings.toast.tokenIssued"),
    },
    [await revealCookie(request, PAGE, { kind: "apiToken", clientId, name, value: token })],
  );
}
