import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { archiveIdFromSegment, findArchive } from "~/models/archive/archive.server";
import {
  API_PAGE_SIZE,
  ASSETLIST_TYPE,
  collectionInfoRepresentation,
  collectionPage,
  collectionRepresentation,
  COLLECTION_TYPE,
  COLLECTIONINFO_TYPE,
} from "~/models/collection/collection-page.server";
import { collectionErrorResponse, patchCollection } from "~/http/collection/collection-api.server";
import { archiveEntry } from "~/models/collection/collection-list.server";
import { folderCollectionList } from "~/models/collection/folder-list.server";
import { ARCHIVE_NOT_FOUND, archiveDecision } from "~/models/access/access.server";
import { folderFromFields } from "~/models/upload/upload.server";
import { receiveMultipartUpload } from "~/http/upload/upload.server";
import { PROBLEM_STATUS } from "~/http/error.server";
import { apiError, apiHandler, apiJson, errorResponse, methodNotAllowed } from "~/http/http.server";
import { acceptsAnything, preferredType } from "~/http/negotiate";
import { LINKS } from "~/utils/links";
import { requireViewer } from "~/http/session.server";
import { keyedResolverFor } from "~/http/locale/locale.server";

/*
 * An archive's URL as JSON (GET), by what Accept names: the collection with its first page of
 * assets (collection+json, or plain JSON), one page of the list (assetlist+json), or the
 * collection alone (collectioninfo+json), its child folders (collectionlist+json); 406 when it names none of them and no wildcard. The
 * multipart upload (POST, 202).
 */
const COLLECTIONLIST_TYPE = "application/vnd.fotoware.collectionlist+json";
const REPRESENTATIONS = [
  ASSETLIST_TYPE,
  COLLECTIONINFO_TYPE,
  COLLECTIONLIST_TYPE,
  COLLECTION_TYPE,
  "application/json",
];

async function archiveOf(request: Request, segment: string | undefined) {
  const id = archiveIdFromSegment(segment ?? "");
  const archive = id === null ? null : await findArchive(id);
  if (!archive) throw apiError(request, 404, ARCHIVE_NOT_FOUND);
  return archive;
}

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request, { browsing: true });
  const url = new URL(request.url);
  const type =
    preferredType(request, REPRESENTATIONS) ?? (acceptsAnything(request) ? COLLECTION_TYPE : null);
  if (!type)
    return apiError(
      request,
      406,
      `An archive is answered as ${REPRESENTATIONS.join(", ")}: ask for one of them.`,
    );
  try {
    const page = await collectionPage(
      viewer,
      archiveIdFromSegment(params.archive ?? ""),
      url,
      API_PAGE_SIZE,
    );
    if (type === ASSETLIST_TYPE)
      return apiJson({ data: page.assets, paging: page.paging }, ASSETLIST_TYPE);
    const entry = await archiveEntry(viewer, page.archive.id);
    if (!entry) return apiError(request, 404, ARCHIVE_NOT_FOUND);
    // The child folders as the list; the collection's own keys beside them, as programs
    // written for the real product read its assets and taxonomies from this answer too.
    if (type === COLLECTIONLIST_TYPE)
      return apiJson(
        {
          ...collectionRepresentation(page, entry, url),
          ...(await folderCollectionList(page, entry)),
        },
        COLLECTIONLIST_TYPE,
      );
    if (type === COLLECTIONINFO_TYPE)
      return apiJson(collectionInfoRepresentation(page, entry, url), COLLECTIONINFO_TYPE);
    return apiJson(collectionRepresentation(page, entry, url), COLLECTION_TYPE);
  } catch (error) {
    return await collectionErrorResponse(request, error);
  }
});

export const allowedMethods = ["GET", "HEAD", "POST", "PATCH"];

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method === "PATCH")
    return patchCollection(
      request,
      await archiveOf(request, params.archive),
      await requireViewer(request),
    );
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = await requireViewer(request);
  // Refused before the body is read; one the viewer may not see answers as a missing one.
  const id = archiveIdFromSegment(params.archive ?? "");
  const decision = await archiveDecision(viewer, id, "UploadFile");
  if (!decision.allowed) throw decision.problem;
  const archive = decision.value;
  try {
    // A "folder" field before the files puts them in that folder, made when missing; posted to
    // a folder's URL (decision 114), the files go there unless a field says otherwise.
    const urlFolder = new URL(request.url).searchParams.get("folder");
    // English for programs; the upload panel asks for the person's language (decision 107).
    const read = await keyedResolverFor(request);
    const outcome = await receiveMultipartUpload(
      request,
      viewer,
      async (fields) => ({
        archive,
        folderPath: folderFromFields(
          urlFolder !== null && !fields.has("folder")
            ? new Map([...fields, ["folder", urlFolder]])
            : fields,
        ),
      }),
      read,
    );
    if (outcome.uploaded.length === 0) {
      const first = outcome.failed[0];
      return apiError(
        request,
        first ? PROBLEM_STATUS[first.problem.kind] : 400,
        first?.message ?? "The request holds no file.",
      );
    }
    const tasks = outcome.uploaded.map((u) => `${LINKS.backgroundTasks}${u.jobId}`);
    return apiJson(
      {
        href: tasks[0],
        tasks,
        failed: outcome.failed.map(({ fileName, message }) => ({
          fileName,
          message: read(message),
        })),
      },
      "application/vnd.fotoware.upload-response+json",
      { status: 202 },
    );
  } catch (error) {
    return errorResponse(request, error);
  }
});
