import { archiveAdministrationDecision } from "~/models/access/access.server";
import {
  ARCHIVE_NOT_IN_LIST,
  archivePosition,
  moveArchive,
  setArchiveHidden,
} from "~/models/archive/archive-order.server";
import { archiveListActionSchema, trashActionSchema } from "~/models/archive/archive-list.schema";
import {
  assetCountsByArchive,
  deleteArchive,
  emptyTrash,
  listTrash,
  restoreTrash,
} from "~/models/archive/archive-trash.server";
import { listArchives } from "~/models/archive/archive.server";
import { formatDateTime } from "~/models/locale/format";
import { keyed } from "~/models/locale/keyed";
import { isProblem, Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";
import { adminArchivePath, LINKS } from "~/utils/links";
import { checkSubmission, formReply, readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireAllowed } from "~/http/session.server";
import { localeOf } from "../locale/locale.server";

/*
 * The administrator's archive list and the trash can (decision 043): plain form posts with an
 * intent, post/redirect/get with a toast. Without JavaScript the delete and empty confirmations
 * are the same page with ?delete= or ?empty= (a GET that changes nothing); with it, an alert
 * dialog posts the same form. Without manageArchives every address answers 404.
 */

export const requireArchivesPage = (request: Request): Promise<Viewer> =>
  requireAllowed(request, archiveAdministrationDecision);

export interface ArchiveListRow {
  id: number;
  name: string;
  href: string;
  detailsHref: string;
  assetCount: number;
  isHidden: boolean;
  position: number;
}

export async function archiveListData(request: Request) {
  await requireArchivesPage(request);
  const [archives, counts] = await Promise.all([listArchives(), assetCountsByArchive()]);
  const rows: ArchiveListRow[] = archives.map((a, index) => ({
    id: a.id,
    name: a.name,
    href: a.href,
    detailsHref: adminArchivePath(a.id),
    assetCount: counts.get(a.id) ?? 0,
    isHidden: a.isHidden,
    position: index + 1,
  }));
  const asked = Number(new URL(request.url).searchParams.get("delete"));
  const confirmDelete = rows.find((r) => r.id === asked) ?? null;
  return { rows, confirmDelete, trashDays: env().TRASH_DAYS };
}

/** A refusal the page shows as a form error with its status (404 for another id, 409, ...). */
async function guarded(
  request: Request,
  values: Record<string, unknown>,
  run: () => Promise<Response>,
) {
  try {
    return await run();
  } catch (error) {
    if (!isProblem(error) || error.kind === "unauthenticated") throw error;
    const status = { "not-found": 404, conflict: 409, invalid: 400 }[error.kind as string] ?? 400;
    return formReply(request, { formError: error.message, values, status });
  }
}

export async function archiveListAction(request: Request) {
  const viewer = await requireArchivesPage(request);
  const values = await readBody(request, { json: false });
  const submission = await checkSubmission(values, archiveListActionSchema);
  if (!submission.ok) return formReply(request, submission);
  const form = submission.data;
  const back = LINKS.adminArchives;
  return guarded(request, values, async () => {
    switch (form.intent) {
      case "hide":
      case "show": {
        const { name } = await setArchiveHidden(viewer, form.id, form.intent === "hide");
        const message =
          form.intent === "hide"
            ? keyed("settings.toast.hidden", { name })
            : keyed("settings.toast.shown", { name });
        return redirectWithToast(request, back, { message });
      }
      case "up":
      case "down":
      case "move": {
        const current = await archivePosition(form.id);
        if (current === null) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
        const to =
          form.intent === "move" ? form.position : current + (form.intent === "up" ? -1 : 1);
        const { name, position } = await moveArchive(viewer, form.id, to);
        return redirectWithToast(request, back, {
          message: keyed("settings.toast.moved", { name, position }),
        });
      }
      case "delete": {
        const gone = await deleteArchive(viewer, form.id, { confirmAssets: form.confirmAssets });
        // The day it goes for good, in the poster's language and zone (the toast is theirs).
        const { language, timeZone } = await localeOf(request);
        const until = formatDateTime(language, timeZone, gone.expiresAt);
        return redirectWithToast(request, back, {
          message: keyed("settings.toast.deleted", {
            name: gone.name,
            count: gone.assetCount,
            until,
          }),
        });
      }
    }
  });
}

export async function trashData(request: Request) {
  const viewer = await requireArchivesPage(request);
  const entries = await listTrash(viewer);
  const url = new URL(request.url);
  const asked = url.searchParams.get("empty");
  const confirmEmpty =
    asked === "all" ? ("all" as const) : (entries.find((e) => e.id === Number(asked)) ?? null);
  return { entries, confirmEmpty, trashDays: env().TRASH_DAYS };
}

export async function trashAction(request: Request) {
  const viewer = await requireArchivesPage(request);
  const values = await readBody(request, { json: false });
  const submission = await checkSubmission(values, trashActionSchema);
  if (!submission.ok) return formReply(request, submission);
  const form = submission.data;
  const back = LINKS.adminTrash;
  return guarded(request, values, async () => {
    switch (form.intent) {
      case "restore": {
        const done = await restoreTrash(viewer, form.id);
        const message = done.renamed
          ? keyed("settings.toast.restoredRenamed", { name: done.name })
          : keyed("settings.toast.restored", { name: done.name, count: done.assetCount });
        return redirectWithToast(request, back, { message });
      }
      case "empty":
      case "emptyAll": {
        const removed = await emptyTrash(viewer, form.intent === "empty" ? form.id : undefined);
        return redirectWithToast(request, back, {
          message: keyed("settings.toast.deletedForGood", { count: removed }),
        });
      }
    }
  });
}
