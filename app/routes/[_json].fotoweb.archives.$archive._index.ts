import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  archiveCollection,
  archiveIdFromSegment,
  findArchive,
  hasArchivePermission,
} from "~/models/archive.server";
import { patchCollection } from "~/models/collection-list.server";
import { folderFromFields, receiveMultipartUpload, refusal } from "~/models/upload.server";
import { apiError, apiHandler, apiJson } from "~/utils/http.server";
import { LINKS } from "~/utils/links";
import { requireApiViewer } from "~/utils/session.server";

/* An archive's URL as JSON: its representation (GET) and the multipart upload (POST, 202). */

async function archiveOf(request: Request, segment: string | undefined) {
  const id = archiveIdFromSegment(segment ?? "");
  const archive = id === null ? null : await findArchive(id);
  if (!archive) throw apiError(request, 404, "There is no archive at this address.");
  return archive;
}

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireApiViewer(request);
  const archive = await archiveOf(request, params.archive);
  if (!(await hasArchivePermission(viewer, archive.id, "View")))
    return apiError(request, 404, "There is no archive at this address.");
  return apiJson(archiveCollection(archive), "application/vnd.fotoware.collection+json");
});

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method === "PATCH")
    return patchCollection(
      request,
      await archiveOf(request, params.archive),
      await requireApiViewer(request),
    );
  if (request.method !== "POST") return apiError(request, 405, "Use POST to upload files.");
  const viewer = await requireApiViewer(request);
  const archive = await archiveOf(request, params.archive);
  try {
    // A "folder" field before the files puts them in that folder, made when missing.
    const outcome = await receiveMultipartUpload(request, viewer, async (fields) => ({
      archive,
      folderPath: folderFromFields(fields),
    }));
    if (outcome.uploaded.length === 0) {
      const first = outcome.failed[0];
      return apiError(
        request,
        first?.status ?? 400,
        first?.message ?? "The request holds no file.",
      );
    }
    const tasks = outcome.uploaded.map((u) => `${LINKS.backgroundTasks}${u.jobId}`);
    return apiJson(
      {
        href: tasks[0],
        tasks,
        failed: outcome.failed.map(({ fileName, message }) => ({ fileName, message })),
      },
      "application/vnd.fotoware.upload-response+json",
      { status: 202 },
    );
  } catch (error) {
    return refusal(request, error);
  }
});
