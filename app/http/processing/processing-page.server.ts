import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  LIST_EDITORS,
  LIST_PAGES,
  type EditedList,
  type ListPage,
} from "~/models/processing/list-editors";
import { pageHandler } from "~/http/http.server";
import { listWatermarkEntries, type WatermarkEntry } from "~/models/processing/config-lists.server";
import { archiveAdministrationDecision } from "~/models/access/access.server";
import {
  createEntry,
  deleteEntry,
  getEntry,
  LISTS,
  ListInputError,
  listEntries,
  updateEntry,
  type ListName,
  type ListRecord,
} from "~/models/processing/lists.server";
import { editorFormSchema } from "~/models/processing/processing.schema";
import {
  deleteWatermark,
  listWatermarks,
  uploadWatermark,
} from "~/models/processing/watermarks.server";
import { isProblem } from "~/models/problem/problem";
import {
  cropSetSummary,
  profileSetSummary,
  profileSummary,
  renditionSetSummary,
} from "~/models/processing/processing.view";
import type { Viewer } from "~/models/user/user.schema";
import { conformReply, formReply, formValues, readBody, readForm } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { keyed } from "~/models/locale/keyed";
import { readWatermarkUpload } from "./processing-api.server";
import { requireAllowed } from "~/http/session.server";

/*
 * The admin pages of the processing lists (decision 040): each list with its delete
 * confirmation, the editors of one entry, the watermark upload. Pages answer 401 to nobody and
 * the not-found of an unknown address to anyone without manageArchives, as the whole area does.
 */

export const requireProcessingPage = (request: Request): Promise<Viewer> =>
  requireAllowed(request, archiveAdministrationDecision);

/** Model field paths ("Sizes.0.Label") as the forms name their fields ("Sizes[0].Label"). */
export function formFieldName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

const formErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [formFieldName(k), v]));

export interface ListRow {
  id: string;
  name: string;
  summary: string;
}

async function rowsOf(viewer: Viewer, list: ListName): Promise<ListRow[]> {
  const row = (e: { Id: string; Name: string }, summary: string) => ({
    id: e.Id,
    name: e.Name,
    summary,
  });
  switch (list) {
    case "processingProfiles":
      return (await listEntries(viewer, list)).map((e) => row(e, profileSummary(e)));
    case "processingProfileSets": {
      const names = new Map(
        (await listEntries(viewer, "processingProfiles")).map((p) => [p.Id, p.Name]),
      );
      return (await listEntries(viewer, list)).map((e) => row(e, profileSetSummary(e, names)));
    }
    case "renditionSets":
      return (await listEntries(viewer, list)).map((e) => row(e, renditionSetSummary(e)));
    case "cropProfileSets":
      return (await listEntries(viewer, list)).map((e) => row(e, cropSetSummary(e)));
  }
}

/** The lists a page shows, and the entry a ?delete= asks to confirm. */
export async function listsPageData(request: Request, lists: ListName[]) {
  const viewer = await requireProcessingPage(request);
  const rows = Object.fromEntries(
    await Promise.all(lists.map(async (l) => [l, await rowsOf(viewer, l)] as const)),
  ) as Partial<Record<ListName, ListRow[]>>;
  const url = new URL(request.url);
  const wanted = url.searchParams.get("delete");
  const list = url.searchParams.get("list") as ListName | null;
  const confirm =
    wanted && list && lists.includes(list)
      ? (rows[list] ?? []).find((e) => e.id === wanted)
      : undefined;
  return {
    rows,
    confirmDelete: confirm ? { id: confirm.id, name: confirm.name, list: list! } : null,
  };
}

/** The delete of a list page: done and back with a toast, or the refusal shown on the page. */
export async function listsPageAction(request: Request, lists: ListName[], back: string) {
  const viewer = await requireProcessingPage(request);
  const values = await readBody(request, { json: false });
  const list = String(values.list ?? "") as ListName;
  if (values.intent !== "delete" || !lists.includes(list))
    return formReply(request, { formError: keyed("settings.processing.unknownAction"), values });
  try {
    const gone = await deleteEntry(viewer, list, String(values.id ?? ""));
    return redirectWithToast(request, back, {
      message: keyed("settings.processing.toast.deleted", { name: gone.Name }),
    });
  } catch (error) {
    if (!isProblem(error) || error.kind !== "conflict") throw error;
    return formReply(request, { formError: error.message, values, status: 409 });
  }
}

/** An editor's data: the entry (none when new) and what its fields choose from. */
export async function editorData<L extends ListName>(
  request: Request,
  list: L,
  id: string | null,
): Promise<{
  entry: ListRecord<L> | null;
  profiles: { id: string; name: string }[];
  watermarks: WatermarkEntry[];
}> {
  const viewer = await requireProcessingPage(request);
  const [entry, profiles, watermarks] = await Promise.all([
    id === null ? null : getEntry(viewer, list, id),
    list === "processingProfileSets" ? listEntries(viewer, "processingProfiles") : [],
    list === "processingProfiles" ? listWatermarkEntries() : [],
  ]);
  return {
    entry,
    profiles: profiles.map((p) => ({ id: p.Id, name: p.Name })),
    watermarks,
  };
}

/** Saves an editor's form: all errors by field (400), or back to the list with a toast. */
export async function editorAction(
  request: Request,
  list: ListName,
  id: string | null,
  back: string,
) {
  const viewer = await requireProcessingPage(request);
  const form = await readForm(request);
  const values = formValues(form);
  const submission = parseWithZod(form, {
    schema: editorFormSchema(LISTS[list].schema),
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") return conformReply(request, submission, { values });
  try {
    const saved =
      id === null
        ? await createEntry(viewer, list, submission.value)
        : await updateEntry(viewer, list, id, submission.value);
    return redirectWithToast(request, back, {
      message:
        id === null
          ? keyed("settings.processing.toast.created", { name: saved.Name })
          : keyed("settings.processing.toast.saved", { name: saved.Name }),
    });
  } catch (error) {
    if (!(error instanceof ListInputError)) throw error;
    return conformReply(request, submission, {
      fieldErrors: formErrors(error.fieldErrors),
      values,
      status: error.nameTaken ? 409 : 400,
    });
  }
}

/*
 * The loader and action of every processing list's editor route (decision 040): the route names
 * its list; an address with an id edits that entry, one without adds a new one.
 */
export const listEditorLoader = (args: LoaderFunctionArgs, list: EditedList) =>
  pageHandler(({ request, params }: LoaderFunctionArgs) =>
    editorData(request, list, params.id ?? null),
  )(args);

export const listEditorAction = (args: ActionFunctionArgs, list: EditedList) =>
  pageHandler(({ request, params }: ActionFunctionArgs) =>
    editorAction(request, list, params.id ?? null, LIST_EDITORS[list].home),
  )(args);

/* The loader and action of every page of processing lists. */
export const listsPageLoader = (args: LoaderFunctionArgs, page: ListPage) =>
  pageHandler(({ request }: LoaderFunctionArgs) =>
    listsPageData(request, [...LIST_PAGES[page].lists]),
  )(args);

export const listsPageRouteAction = (args: ActionFunctionArgs, page: ListPage) =>
  pageHandler(({ request }: ActionFunctionArgs) =>
    listsPageAction(request, [...LIST_PAGES[page].lists], LIST_PAGES[page].home),
  )(args);

export async function watermarksPageData(request: Request) {
  const viewer = await requireProcessingPage(request);
  const watermarks = await listWatermarks(viewer);
  const wanted = new URL(request.url).searchParams.get("delete");
  const confirm = watermarks.find((w) => w.FileName === wanted);
  return {
    watermarks,
    confirmDelete: confirm ? { fileName: confirm.FileName, name: confirm.Name } : null,
  };
}

/** Upload (multipart, intent "upload") or delete (intent "delete") a watermark. */
export async function watermarksPageAction(request: Request, back: string) {
  const viewer = await requireProcessingPage(request);
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const { submission, upload, values } = await readWatermarkUpload(request);
    const fieldErrors = submission.ok ? {} : { ...submission.fieldErrors };
    if (!upload) fieldErrors.file = keyed("settings.processing.watermark.choosePngOrJpeg");
    if (!submission.ok || !upload) return formReply(request, { fieldErrors, values });
    try {
      const made = await uploadWatermark(viewer, { name: submission.data.Name, ...upload });
      return redirectWithToast(request, back, {
        message: keyed("settings.processing.toast.uploaded", { name: made.Name }),
      });
    } catch (error) {
      if (!isProblem(error) || error.kind === "not-found") throw error;
      const status = { "too-large": 413, unsupported: 415 }[error.kind as string] ?? 400;
      return formReply(request, { fieldErrors: { file: error.message }, values, status });
    }
  }
  const values = await readBody(request, { json: false });
  if (values.intent !== "delete")
    return formReply(request, { formError: keyed("settings.processing.unknownAction"), values });
  try {
    const gone = await deleteWatermark(viewer, String(values.fileName ?? ""));
    return redirectWithToast(request, back, {
      message: keyed("settings.processing.toast.deleted", { name: gone.Name }),
    });
  } catch (error) {
    if (!isProblem(error) || error.kind !== "conflict") throw error;
    return formReply(request, { formError: error.message, values, status: 409 });
  }
}
