import { onePage } from "~/utils/paging";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import type { Archive } from "~/models/archive/archive.server";
import {
  navigationPane,
  SITE_FEATURES,
  SMART_FOLDERS_HEADING,
} from "~/models/archive/archive-effects";
import {
  INVALID_SEARCH_HEADING,
  isExpressionRefusal,
  smartFolderOrderSchema,
  smartFolderPatchSchema,
  smartFolderSchema,
} from "~/models/smart-folder/smart-folder.schema";
import {
  createSmartFolder,
  deleteSmartFolder,
  findSmartFolder,
  listSmartFolders,
  moveSmartFolder,
  smartFolderIdFromPath,
  smartFolderIdOf,
  updateSmartFolder,
  type SmartFolder,
} from "~/models/smart-folder/smart-folder.server";
import {
  requireSmartFolderEditor,
  smartFoldersEditDecision,
} from "~/models/access/organize-access.server";
import type { Viewer } from "~/models/user/user.schema";
import { smartFoldersHref } from "~/utils/links";
import { apiJson, HttpError } from "../http.server";
import { checkSubmission, formReply, readBody } from "../submission.server";
import { overriddenMethod } from "../methods";
import { allows, canPin } from "~/models/access/access.server";

/*
 * Smart folders as the API (spec 000 §7, decision 061): `{archive}/.smartfolders/` GET (the list
 * with add and reorder link descriptors), POST (create: 201 + Location), ORDERPATCH (as POST with
 * X-HTTP-Method-Override) {childPath, relativePosition}; `{archive}/.smartfolders/{id}` GET,
 * PATCH, DELETE. Without View the archive answers as missing (404); with View but without
 * EditSmartFolders a write is 403. A smart folder of another archive is not found.
 */

export const SMART_FOLDER_TYPE = "application/vnd.fotoware.smartfolder+json";
export const SMART_FOLDER_LIST_TYPE = "application/vnd.fotoware.smartfolder-list+json";

/** One "Folder or smart folder entry" (spec 000 §3) for this viewer. */
function entry(folder: SmartFolder, canEdit: boolean, pinned: boolean) {
  return {
    href: folder.href,
    name: folder.name,
    type: "smartFolder",
    searchString: folder.expression,
    data: folder.gridHref,
    edit: canEdit,
    pin: pinned,
    reorder: canEdit,
  };
}

const archiveOf = (params: { archive?: string }) => archiveIdFromSegment(params.archive ?? "");

function pinnedOf(viewer: Viewer | null) {
  return new Set(canPin(viewer) ? viewer.preferences.intranet.folderPinned : []);
}

async function listAnswer(viewer: Viewer | null, archive: Archive, status = 200) {
  const { folders } = await listSmartFolders(viewer, archive.id);
  const canEdit = await allows(smartFoldersEditDecision(viewer, archive.id));
  const pinned = pinnedOf(viewer);
  const href = smartFoldersHref(archive.href);
  const pane = navigationPane(archive.config, SITE_FEATURES);
  return apiJson(
    {
      href,
      name: pane.smartFolders?.heading ?? SMART_FOLDERS_HEADING,
      data: folders.map((f) => entry(f, canEdit, pinned.has(f.href))),
      paging: onePage(href),
      // Descriptors list a link exactly when it answers for this viewer.
      add: canEdit ? { href, type: SMART_FOLDER_TYPE } : null,
      reorder: canEdit ? { href, type: SMART_FOLDER_LIST_TYPE } : null,
    },
    SMART_FOLDER_LIST_TYPE,
    { status },
  );
}

export async function smartFolderListGet(
  viewer: Viewer | null,
  params: { archive?: string },
): Promise<Response> {
  const { archive } = await listSmartFolders(viewer, archiveOf(params) ?? -1);
  return listAnswer(viewer, archive);
}

/** POST: create, or ORDERPATCH named in the override header. */
export async function smartFolderListPost(
  request: Request,
  viewer: Viewer,
  params: { archive?: string },
): Promise<Response> {
  const archiveId = archiveOf(params) ?? -1;
  const method = overriddenMethod(request) ?? "POST";
  if (method === "ORDERPATCH") {
    const { archive } = await listSmartFolders(viewer, archiveId);
    const values = await readBody(request);
    const order = await checkSubmission(values, smartFolderOrderSchema);
    if (!order.ok) return formReply(request, { ...order });
    const id = smartFolderIdFromPath(archive, order.data.childPath);
    await moveSmartFolder(viewer, archive.id, id, order.data.relativePosition);
    return listAnswer(viewer, archive);
  }
  if (method !== "POST")
    throw new HttpError(405, "The smart folder list answers POST and ORDERPATCH.", {
      headers: { Allow: "GET, HEAD, POST" },
    });
  // Refused before the body is read: a missing archive 404, without the permission 403.
  const { archive } = await listSmartFolders(viewer, archiveId);
  await requireSmartFolderEditor(viewer, archive.id);
  const submitted = await checkSubmission(await readBody(request), smartFolderSchema);
  if (!submitted.ok)
    return formReply(request, {
      ...submitted,
      ...(isExpressionRefusal(submitted.fieldErrors.expression)
        ? { heading: INVALID_SEARCH_HEADING }
        : {}),
    });
  const folder = await createSmartFolder(viewer, archive.id, submitted.data);
  return apiJson(entry(folder, true, false), SMART_FOLDER_TYPE, {
    status: 201,
    headers: { Location: folder.href },
  });
}

export async function smartFolderGet(
  viewer: Viewer | null,
  params: { archive?: string; smartFolder?: string },
): Promise<Response> {
  const { archive, folder } = await findSmartFolder(
    viewer,
    archiveOf(params) ?? -1,
    smartFolderIdOf(params.smartFolder),
  );
  const canEdit = await allows(smartFoldersEditDecision(viewer, archive.id));
  return apiJson(entry(folder, canEdit, pinnedOf(viewer).has(folder.href)), SMART_FOLDER_TYPE);
}

/** PATCH, DELETE, and POST naming either in the override header. */
export async function smartFolderChange(
  request: Request,
  viewer: Viewer,
  params: { archive?: string; smartFolder?: string },
): Promise<Response> {
  const method = request.method === "POST" ? (overriddenMethod(request) ?? "POST") : request.method;
  const archiveId = archiveOf(params) ?? -1;
  const id = smartFolderIdOf(params.smartFolder);
  // Missing archive or folder first (404), then the permission (403), then the body (400).
  const { archive } = await findSmartFolder(viewer, archiveId, id);
  if (method === "DELETE") {
    await deleteSmartFolder(viewer, archive.id, id);
    return new Response(null, { status: 204 });
  }
  if (method !== "PATCH")
    throw new HttpError(405, "A smart folder answers GET, PATCH and DELETE.", {
      headers: { Allow: "GET, HEAD, PATCH, DELETE" },
    });
  await requireSmartFolderEditor(viewer, archive.id);
  const submitted = await checkSubmission(await readBody(request), smartFolderPatchSchema);
  if (!submitted.ok)
    return formReply(request, {
      ...submitted,
      ...(isExpressionRefusal(submitted.fieldErrors.expression)
        ? { heading: INVALID_SEARCH_HEADING }
        : {}),
    });
  const folder = await updateSmartFolder(viewer, archive.id, id, submitted.data);
  return apiJson(entry(folder, true, pinnedOf(viewer).has(folder.href)), SMART_FOLDER_TYPE);
}
