import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { archiveIdFromSegment, findArchive } from "~/models/archive/archive.server";
import {
  API_PAGE_SIZE,
  ASSETLIST_TYPE,
  collectionErrorResponse,
  collectionPage,
  collectionRepresentation,
  COLLECTION_TYPE,
} from "~/models/collection/collection-page.server";
import { patchCollection } from "~/models/collection/collection-list.server";
import { archiveDecision } from "~/models/access/access.server";
import { isProblem } from "~/models/problem/problem";
import { folderFromFields } from "~/models/upload/upload.server";
import { receiveMultipartUpload } from "~/http/actions/upload.server";
import { problemResponse, problemStatus } from "~/http/actions/problem.server";
import { acceptedTypes, apiError, apiHandler, apiJson } from "~/http/http.server";
import { LINKS } from "~/utils/links";
import { getBrowsingViewer, requireApiViewer } from "~/http/session.server";

/*
 * An archive's URL as JSON: the collection with its first page of assets, or with Accept
 * assetlist+json one page of the list (GET); the multipart upload (POST, 202).
 */

async function archiveOf(request: Request, segment: string | undefined) {
  const id = archiveIdFromSegment(segment ?? "");
  const archive = id === null ? null : await findArchive(id);
  if (!archive) throw apiError(request, 404, "There is no archive at this address.");
  return archive;
}

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await getBrowsingViewer(request);
  if (!viewer) await requireApiViewer(request);
  const url = new URL(request.url);
  // The asset list alone when asked for it; the collection (with its first page) otherwise.
  const listOnly = acceptedTypes(request).includes(ASSETLIST_TYPE);
  try {
    const page = await collectionPage(
      viewer,
      archiveIdFromSegment(params.archive ?? ""),
      url,
      API_PAGE_SIZE,
    );
    if (listOnly) return apiJson({ data: page.assets, paging: page.paging }, ASSETLIST_TYPE);
    return apiJson(collectionRepresentation(page, url), COLLECTION_TYPE);
  } catch (error) {
    return collectionErrorResponse(request, error);
  }
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
  // Refused before the body is read; one the viewer may not see answers as a missing one.
  const id = archiveIdFromSegment(params.archive ?? "");
  const decision = await archiveDecision(viewer, id, "UploadFile");
  if (!decision.allowed) return problemResponse(request, decision.problem);
  const archive = decision.value;
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
        first ? problemStatus(first.problem) : 400,
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
    if (isProblem(error)) return problemResponse(request, error);
    throw error;
  }
});
