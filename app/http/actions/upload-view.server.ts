import { json } from "@remix-run/node";
import { findArchive } from "~/models/archive/archive.server";
import { uploadTargets } from "~/models/archive/archive.server";
import { uploadSummary } from "~/models/upload/upload.schema";
import {
  folderFromFields,
  maxUploadBytes,
  receiveMultipartUpload,
  UploadRefusedError,
  type MultipartOutcome,
} from "~/models/upload/upload.server";
import { LINKS } from "~/utils/links";
import { requireViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";

/* The upload view: the form that works without JavaScript, and the popover's frame. */

export async function uploadViewData(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const targets = await uploadTargets(viewer);
  return {
    targets: targets.map((a) => ({ id: a.id, name: a.name, href: a.href })),
    maxBytes: maxUploadBytes(),
  };
}

export type UploadActionData =
  | { outcome: MultipartOutcome; archiveName: string; error?: undefined }
  | { error: string; outcome?: undefined };

function summary(outcome: MultipartOutcome, archiveName: string) {
  const total = outcome.uploaded.length + outcome.failed.length;
  return uploadSummary(outcome.uploaded.length, total, archiveName);
}

export async function submitUpload(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  let archiveName = "";
  try {
    const outcome = await receiveMultipartUpload(request, viewer, async (fields) => {
      const id = Number(fields.get("archive"));
      const archive = Number.isInteger(id) ? await findArchive(id) : null;
      if (!archive) throw new UploadRefusedError(400, "Choose the archive to upload to.");
      archiveName = archive.name;
      return { archive, folderPath: folderFromFields(fields) };
    });
    const total = outcome.uploaded.length + outcome.failed.length;
    if (total === 0)
      return json<UploadActionData>({ error: "Choose one or more files to upload." }, 400);
    if (outcome.failed.length === 0) {
      return redirectWithToast(request, LINKS.upload, {
        message: `${summary(outcome, archiveName)} They appear there once processed.`,
      });
    }
    const status = outcome.uploaded.length > 0 ? 200 : outcome.failed[0]!.status;
    return json<UploadActionData>({ outcome, archiveName }, status);
  } catch (error) {
    if (error instanceof UploadRefusedError)
      return json<UploadActionData>({ error: error.message }, error.status);
    throw error;
  }
}
