import { json } from "@remix-run/node";
import { archiveDecision, uploadTargets } from "~/models/access/access.server";
import { isProblem, Problem } from "~/models/problem/problem";
import { uploadLimitsOf } from "~/models/upload/upload.schema";
import {
  folderFromFields,
  maxUploadBytes,
  type MultipartOutcome,
} from "~/models/upload/upload.server";
import { LINKS } from "~/utils/links";
import { requireViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { PROBLEM_STATUS } from "~/http/error.server";
import { keyedResolverFor, translatorFor } from "../locale/locale.server";
import { receiveMultipartUpload } from "./upload.server";

/* The upload view: the form that works without JavaScript, and the popover's frame. */

export async function uploadViewData(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const targets = await uploadTargets(viewer);
  return {
    targets: targets.map((a) => ({
      id: a.id,
      name: a.name,
      href: a.href,
      limits: uploadLimitsOf(a.config),
    })),
    maxBytes: maxUploadBytes(),
  };
}

export type UploadActionData =
  | {
      outcome: { uploaded: unknown[]; failed: { fileName: string; message: string }[] };
      archiveName: string;
      /** What went, in the reader's language. */
      summary: string;
      error?: undefined;
    }
  | { error: string; outcome?: undefined };

const counts = (outcome: MultipartOutcome, archive: string) => ({
  succeeded: outcome.uploaded.length,
  total: outcome.uploaded.length + outcome.failed.length,
  archive,
});

export async function submitUpload(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const t = await translatorFor(request);
  const read = await keyedResolverFor(request);
  let archiveName = "";
  try {
    const outcome = await receiveMultipartUpload(
      request,
      viewer,
      async (fields) => {
        const id = Number(fields.get("archive"));
        const decision = await archiveDecision(
          viewer,
          Number.isInteger(id) ? id : null,
          "UploadFile",
        );
        // An archive the viewer may not see is answered as one that does not exist.
        if (!decision.allowed && decision.problem.kind === "not-found")
          throw new Problem("invalid", t("work.upload.chooseArchive"));
        if (!decision.allowed) throw decision.problem;
        archiveName = decision.value.name;
        return { archive: decision.value, folderPath: folderFromFields(fields) };
      },
      read,
    );
    const total = outcome.uploaded.length + outcome.failed.length;
    if (total === 0) return json<UploadActionData>({ error: t("work.upload.chooseFiles") }, 400);
    if (outcome.failed.length === 0) {
      return redirectWithToast(request, LINKS.upload, {
        message: t("work.upload.done", counts(outcome, archiveName)),
      });
    }
    const status =
      outcome.uploaded.length > 0 ? 200 : PROBLEM_STATUS[outcome.failed[0]!.problem.kind];
    const failed = outcome.failed.map(({ fileName, message }) => ({ fileName, message }));
    return json<UploadActionData>(
      {
        outcome: { uploaded: outcome.uploaded, failed },
        archiveName,
        summary: t("work.upload.summary", counts(outcome, archiveName)),
      },
      status,
    );
  } catch (error) {
    if (isProblem(error))
      return json<UploadActionData>({ error: read(error.message) }, PROBLEM_STATUS[error.kind]);
    throw error;
  }
}
