import { keyed } from "~/models/locale/keyed";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Readable } from "node:stream";
import {
  createEntry,
  deleteEntry,
  getEntry,
  LISTS,
  ListInputError,
  listEntries,
  updateEntry,
  type ListName,
} from "~/models/processing/lists.server";
import { watermarkUploadSchema } from "~/models/processing/processing.schema";
import {
  deleteWatermark,
  getWatermark,
  listWatermarks,
  toWatermark,
  uploadWatermark,
} from "~/models/processing/watermarks.server";
import type { Viewer } from "~/models/user/user.schema";
import { blobStore } from "~/storage/blob-store.server";
import { methodNotAllowed } from "../http.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";
import { checkSubmission, formReply, formValues, readBody, readForm } from "../submission.server";

/*
 * The config API of the processing lists (spec 001 section 7; decision 040): GET the list and
 * POST a new entry at each list's address, GET/PUT/DELETE one entry by its id; the watermarks by
 * their file name, uploaded as multipart. Manage-archives only: 401 for nobody, 404 to others.
 */

type Args = { request: Request; params: Record<string, string | undefined> };

/** A refusal of the model by field, with 409 when it is a name already taken. */
function inputReply(request: Request, error: ListInputError, values: Record<string, unknown>) {
  const status = error.nameTaken ? 409 : 400;
  return formReply(request, { fieldErrors: error.fieldErrors, values, status });
}

async function writeEntry(request: Request, viewer: Viewer, list: ListName, id: string | null) {
  // Refused before the body: an unknown id is 404 whatever was sent.
  if (id !== null) await getEntry(viewer, list, id);
  const values = await readBody(request);
  const submission = await checkSubmission(values, LISTS[list].schema);
  if (!submission.ok) return formReply(request, submission);
  try {
    const entry =
      id === null
        ? await createEntry(viewer, list, submission.data)
        : await updateEntry(viewer, list, id, submission.data);
    return configJson(entry, {
      status: id === null ? 201 : 200,
      ...(id === null ? { headers: { Location: entry.Href } } : {}),
    });
  } catch (error) {
    if (error instanceof ListInputError) return inputReply(request, error, values);
    throw error;
  }
}

/** GET the list, POST a new entry. */
export function listRoute(list: ListName) {
  return {
    loader: async ({ request }: Args) => {
      const viewer = await requireArchiveManager(request);
      return configJson({ data: await listEntries(viewer, list) });
    },
    action: async (args: Args) => {
      if (args.request.method !== "POST") return methodNotAllowed(args);
      const viewer = await requireArchiveManager(args.request);
      return writeEntry(args.request, viewer, list, null);
    },
  };
}

/** GET, PUT and DELETE one entry. */
export function entryRoute(list: ListName) {
  return {
    loader: async ({ request, params }: Args) => {
      const viewer = await requireArchiveManager(request);
      return configJson(await getEntry(viewer, list, params.id ?? ""));
    },
    action: async (args: Args) => {
      const { request, params } = args;
      if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(args);
      const viewer = await requireArchiveManager(request);
      if (request.method === "PUT") return writeEntry(request, viewer, list, params.id ?? "");
      await deleteEntry(viewer, list, params.id ?? "");
      return new Response(null, { status: 204 });
    },
  };
}

/** The uploaded file of a watermark form (field "file"), or null. */
export async function readWatermarkUpload(request: Request) {
  const form = await readForm(request);
  const file = form.get("file");
  const values = formValues(form);
  delete values.file;
  const submission = await checkSubmission(values, watermarkUploadSchema);
  const upload =
    file instanceof File && file.size > 0
      ? { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
      : null;
  return { submission, upload, values };
}

export const watermarkListRoute = {
  loader: async ({ request }: Args) => {
    const viewer = await requireArchiveManager(request);
    return configJson({ data: await listWatermarks(viewer) });
  },
  action: async (args: Args) => {
    const { request } = args;
    if (request.method !== "POST") return methodNotAllowed(args);
    const viewer = await requireArchiveManager(request);
    const { submission, upload, values } = await readWatermarkUpload(request);
    const fieldErrors = submission.ok ? {} : { ...submission.fieldErrors };
    if (!upload) fieldErrors.file = keyed("settings.processing.watermark.choosePngOrJpeg");
    if (!submission.ok || !upload) return formReply(request, { fieldErrors, values });
    const made = await uploadWatermark(viewer, { name: submission.data.Name, ...upload });
    return configJson(made, { status: 201, headers: { Location: made.Href } });
  },
};

export const watermarkRoute = {
  loader: async ({ request, params }: Args) => {
    const viewer = await requireArchiveManager(request);
    return configJson(toWatermark(await getWatermark(viewer, params.fileName ?? "")));
  },
  action: async (args: Args) => {
    const { request, params } = args;
    if (request.method !== "DELETE") return methodNotAllowed(args);
    const viewer = await requireArchiveManager(request);
    await deleteWatermark(viewer, params.fileName ?? "");
    return new Response(null, { status: 204 });
  },
};

/** The watermark image itself, for managers (previews in the admin page, integrators). */
export async function watermarkImage(request: Request, viewer: Viewer, fileName: string) {
  const row = await getWatermark(viewer, fileName);
  const stream = await blobStore().read(row.blob_hash);
  const png = row.file_name.toLowerCase().endsWith(".png");
  return new Response(createReadableStreamFromReadable(stream as Readable), {
    headers: {
      "Content-Type": png ? "image/png" : "image/jpeg",
      "Cache-Control": "private, no-cache",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      ETag: `"${row.blob_hash}"`,
    },
  });
}
