import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { z } from "zod";
import {
  archiveDialogOptions,
  archiveRecord,
  archiveRecords,
  memberCandidates,
  saveArchive,
  withAddedMembers,
  type ArchiveRecord,
  type SaveArchiveResult,
} from "~/models/archive/archive-admin.server";
import { archiveFormToInput, defaultArchiveConfig } from "~/models/archive/archive.schema";
import { deleteArchive } from "~/models/archive/archive-trash.server";
import { listFields, listViews } from "~/models/metadata/metadata.server";
import { Problem } from "~/models/problem/problem";
import { archiveDialogLists } from "~/models/processing/config-lists.server";
import { adminArchivePath, LINKS } from "~/utils/links";
import { formReply, parseJsonText, readBody, readForm } from "../submission.server";
import { keyedResolverFor } from "../locale/locale.server";
import { keyed } from "~/models/locale/keyed";
import { redirectWithToast } from "../toast.server";
import { configJson, requireArchiveManager } from "~/http/config-api.server";

/*
 * The archive dialog's pages and /fotoweb/api/config/archives (decision 038). Both call one
 * model function, saveArchive; a refusal answers 400 with every field's message and the first
 * refusal's code as the body's value (spec 001 section 8), a stale save 409.
 */

/** Keyed (decision 106): the dialog page reads it in its reader's language, the API in English. */
export const ARCHIVE_NOT_FOUND = keyed("common.error.notFound");

/** An id as the address writes it: digits only; anything else is no archive. */
export const archiveIdOf = (value: string | undefined) =>
  /^\d{1,9}$/.test(value ?? "") ? Number(value) : -1;

const notFound = () => new Problem("not-found", ARCHIVE_NOT_FOUND);

export const archiveApiHref = (id: number) => `${LINKS.apiConfigArchives}/${id}`;

/* ----------------------------------------------------------------------- API */

/** The older flat shape of the list (spec 001 section 7, archives-old). */
export const flatArchive = (a: ArchiveRecord) => ({
  Id: a.Id,
  Name: a.Name,
  Description: a.Description,
  IsHidden: a.IsHidden,
  SortId: a.SortId,
  Color: a.Color,
  IconCharacter: a.IconCharacter,
  Path: a.Path,
  Pool: a.Pool,
  MetadataSetId: a.MetadataSetId,
  Href: a.Href,
});

const withHref = (a: ArchiveRecord) => ({ ...a, ConfigHref: archiveApiHref(a.Id) });

export async function archiveListJson(request: Request, shape: "full" | "old") {
  const viewer = await requireArchiveManager(request);
  const records = await archiveRecords(viewer);
  return configJson({ data: records.map(shape === "full" ? withHref : flatArchive) });
}

export async function archiveJson(request: Request, id: number) {
  const viewer = await requireArchiveManager(request);
  const record = await archiveRecord(viewer, id);
  if (!record) throw notFound();
  return configJson(withHref(record));
}

export async function archiveOptionsJson(request: Request) {
  return configJson(await archiveDialogOptions(await requireArchiveManager(request)));
}

async function refusal(
  request: Request,
  result: Extract<SaveArchiveResult, { ok: false }>,
  extra = {},
) {
  // Keyed messages (decision 104): the page's language on a page, English for the API.
  const resolve = await keyedResolverFor(request);
  const fieldErrors: Record<string, string> = {};
  for (const e of result.errors) if (e.path !== "") fieldErrors[e.path] ??= e.message;
  const formErrors = result.errors.filter((e) => e.path === "").map((e) => e.message);
  return formReply(request, {
    status: result.status,
    value: result.status === 409 ? result.message : result.errors[0]?.code,
    heading: result.heading,
    fieldErrors,
    formError: result.status === 409 ? result.message : formErrors[0],
    extra: {
      messages: result.errors.map((e) => resolve(e.message)),
      codes: [...new Set(result.errors.map((e) => e.code))],
      ...extra,
    },
  });
}

/** POST (id null) or PUT an archive as JSON. */
export async function saveArchiveJson(request: Request, id: number | null) {
  const viewer = await requireArchiveManager(request);
  if (id !== null && !(await archiveRecord(viewer, id))) throw notFound();
  const body = await readBody(request, { json: true });
  const result = await saveArchive(viewer, id, body, body.Base);
  if (!result) throw notFound();
  if (!result.ok) return refusal(request, result);
  const record = withHref(result.archive);
  return result.created
    ? configJson(record, { status: 201, headers: { Location: record.ConfigHref } })
    : configJson(record);
}

/**
 * DELETE an archive into the trash can (decision 043). One holding assets needs
 * ?confirmAssets=true; without it the answer is 409 with the count and nothing changes.
 */
export async function deleteArchiveJson(request: Request, id: number) {
  const viewer = await requireArchiveManager(request);
  const confirmAssets = new URL(request.url).searchParams.get("confirmAssets") === "true";
  const deleted = await deleteArchive(viewer, id, { confirmAssets });
  return configJson({
    Name: deleted.name,
    AssetCount: deleted.assetCount,
    ExpiresAt: deleted.expiresAt,
  });
}

/* --------------------------------------------------------------------- pages */

/** The record a new archive starts from: the spec's defaults, Everyone with View and Preview. */
function newRecord(): Omit<ArchiveRecord, "Id" | "Href"> & { Id: null } {
  return {
    Id: null,
    Name: "",
    Description: "",
    IsHidden: false,
    SortId: 0,
    Revision: 0,
    ...defaultArchiveConfig(),
    Pool: "default",
    MemberList: [
      {
        Id: 10000,
        MemberType: "group",
        Name: "Everyone",
        Description: "",
        AutoSearch: "",
        Permissions: ["View", "Preview"],
      },
    ],
  };
}

export async function archiveDialogData(request: Request, id: number | null) {
  const viewer = await requireArchiveManager(request);
  const record = id === null ? newRecord() : await archiveRecord(viewer, id);
  if (!record) throw notFound();
  const [options, lists, views, fields] = await Promise.all([
    archiveDialogOptions(viewer),
    archiveDialogLists(),
    listViews(),
    listFields(),
  ]);
  return json(
    {
      record,
      options,
      lists: {
        ...lists,
        metadataViews: views.map((v) => ({ id: v.Id, name: v.Name })),
        fields: fields.map((f) => ({ id: f.Id, label: f.GuiLabel, type: f.FieldType })),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const anything = z.record(z.unknown());

function baseOf(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.length > 1_000_000) return undefined;
  try {
    return parseJsonText(value);
  } catch {
    return undefined;
  }
}

/**
 * The dialog's one form: Save, or (working without JavaScript) a row added or removed, people
 * found and added; those answer the form again with its values, nothing saved until Save.
 */
export async function archiveDialogAction(request: Request, id: number | null) {
  const viewer = await requireArchiveManager(request);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: anything, disableAutoCoercion: true });
  const payload = submission.payload;
  const memberIntent = form.get("memberIntent");
  if (submission.status !== "success" || memberIntent === "find" || memberIntent === "add") {
    const query = String(form.get("memberQuery") ?? "").slice(0, 200);
    const values =
      memberIntent === "add"
        ? await withAddedMembers(payload, form.getAll("addMember").map(String))
        : payload;
    return json(
      {
        payload: values,
        candidates: memberIntent === "find" ? await memberCandidates(viewer, query) : [],
        memberQuery: query,
        serial: Date.now(),
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  const result = await saveArchive(
    viewer,
    id,
    archiveFormToInput(payload),
    baseOf(form.get("Base")),
  );
  if (!result) throw notFound();
  if (!result.ok) return refusal(request, result, { payload, serial: Date.now() });
  return redirectWithToast(request, adminArchivePath(result.archive.Id), {
    message: result.created
      ? keyed("settings.toast.created", { name: result.archive.Name })
      : keyed("settings.toast.saved", { name: result.archive.Name }),
  });
}
