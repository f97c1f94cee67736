import { parse } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { archiveAdministrationDecision } from "~/models/access/access.server";
import { listArchives } from "~/models/archive/archive.server";
import {
  byFormName,
  editViewDraft,
  fieldFormSchema,
  viewDraftOfPayload,
  viewFormSchema,
} from "~/models/metadata/metadata-form";
import {
  createField,
  createView,
  deleteField,
  deleteView,
  fieldsById,
  findField,
  FIELD_NOT_FOUND,
  listFields,
  listViews,
  requireView,
  updateField,
  updateView,
  viewForArchive,
} from "~/models/metadata/metadata.server";
import { BUILTIN_ROLES, type MetadataViewRecord } from "~/models/metadata/metadata.schema";
import { fieldGroups, fieldNamespaces, METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { isProblem, Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { formReply, formValues, readForm } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireAllowed } from "~/http/session.server";
import { keyed } from "~/models/locale/keyed";
import { keyedResolverFor } from "../locale/locale.server";

/*
 * The metadata administration pages (decision 041): fields and views, listed, created, changed
 * and removed through the model of decision 032. Every change is a plain form post read by the
 * forms' shared schemas (metadata-form.ts), post/redirect/get; without manageArchives every page
 * answers as an unknown address does. Toasts and the model's refusals are keyed (decision 104),
 * so each page says them in the reader's language.
 */

export const requireMetadataAdministration = (request: Request): Promise<Viewer> =>
  requireAllowed(request, archiveAdministrationDecision);

const noStore = { headers: { "Cache-Control": "no-store" } };

/** The views that name the field, by name. */
async function viewsUsing(fieldId: number): Promise<string[]> {
  return (await listViews())
    .filter(
      (v) =>
        BUILTIN_ROLES.some((r) => v.BuiltinFields[r].Field === fieldId) ||
        v.DetailRegions.some((r) => r.Fields.some((f) => f.Field === fieldId)),
    )
    .map((v) => v.Name);
}

/* ---------------------------------------------------------------- fields */

export async function fieldsListData(request: Request) {
  await requireMetadataAdministration(request);
  const params = new URL(request.url).searchParams;
  const pick = (name: string) => (params.get(name) ?? "").slice(0, 200);
  const filter = { namespace: pick("namespace"), group: pick("group"), type: pick("type") };
  const fields = await listFields();
  return json(
    {
      fields,
      filter,
      q: pick("q"),
      namespaces: fieldNamespaces(fields),
      groups: fieldGroups(fields),
    },
    noStore,
  );
}

const fieldKey = (key: string | undefined) => (/^\d{1,9}$/.test(key ?? "") ? key! : null);

export async function fieldEditorData(request: Request, key: string | null) {
  await requireMetadataAdministration(request);
  if (key === null) return json({ field: null, usedBy: [] as string[] }, noStore);
  const field = await findField(key);
  if (!field) throw new Problem("not-found", FIELD_NOT_FOUND);
  return json({ field, usedBy: await viewsUsing(field.Id) }, noStore);
}

/**
 * A refusal of the model shown on the page that asked: 409 with its messages, else thrown. Each
 * of its keyed messages is read in the reader's language before they are put together.
 */
async function conflictReply(request: Request, error: unknown, values: Record<string, unknown>) {
  if (!isProblem(error) || error.kind !== "conflict") throw error;
  const resolve = await keyedResolverFor(request);
  const formError = [error.message, ...(error.details.messages ?? [])].map(resolve).join(" ");
  return formReply(request, { status: 409, formError, values });
}

export async function fieldEditorAction(request: Request, rawKey: string | undefined | null) {
  const viewer = await requireMetadataAdministration(request);
  const key = rawKey === null ? null : fieldKey(rawKey);
  if (rawKey !== null && key === null) throw new Problem("not-found", FIELD_NOT_FOUND);
  const form = await readForm(request);
  const values = formValues(form);
  try {
    if (key !== null && values.intent === "delete") {
      const removed = await deleteField(viewer, key);
      return redirectWithToast(request, METADATA_ADMIN.fields, {
        message: keyed("metadata.toast.fieldDeleted", {
          name: removed.GuiLabel,
          id: String(removed.Id),
        }),
      });
    }
    const submission = parseWithZod(form, { schema: fieldFormSchema, disableAutoCoercion: true });
    if (submission.status !== "success")
      return formReply(request, { fieldErrors: firstErrors(submission.error), values });
    const saved =
      key === null
        ? await createField(viewer, submission.value)
        : await updateField(viewer, key, submission.value);
    return redirectWithToast(request, METADATA_ADMIN.field(saved.Id), {
      message: keyed("metadata.toast.fieldSaved", { name: saved.GuiLabel, id: String(saved.Id) }),
    });
  } catch (error) {
    return conflictReply(request, error, values);
  }
}

function firstErrors(error: Record<string, string[] | null> | null | undefined) {
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error ?? {}))
    if (messages?.[0]) out[name] = messages[0];
  return out;
}

/* ---------------------------------------------------------------- views */

/** Which archives use each view: the one their configuration names, else the default. */
async function archivesByView(): Promise<Map<string, string[]>> {
  const users = new Map<string, string[]>();
  for (const archive of await listArchives()) {
    const view = await viewForArchive(archive);
    users.set(view.Id, [...(users.get(view.Id) ?? []), archive.name]);
  }
  return users;
}

export async function viewsListData(request: Request) {
  await requireMetadataAdministration(request);
  const [views, users] = await Promise.all([listViews(), archivesByView()]);
  return json(
    {
      views: views.map((v) => ({
        Id: v.Id,
        Name: v.Name,
        regions: v.DetailRegions.length,
        fields: v.DetailRegions.reduce((n, r) => n + r.Fields.length, 0),
        archives: users.get(v.Id) ?? [],
      })),
    },
    noStore,
  );
}

export async function viewEditorData(request: Request, id: string | null) {
  await requireMetadataAdministration(request);
  const [view, fields, users] = await Promise.all([
    id === null ? Promise.resolve(null) : requireView(id),
    listFields(),
    archivesByView(),
  ]);
  return json({ view, fields, archives: view ? (users.get(view.Id) ?? []) : [] }, noStore);
}

const viewSaved = (request: Request, view: MetadataViewRecord) =>
  redirectWithToast(request, METADATA_ADMIN.view(view.Id), {
    message: keyed("metadata.toast.viewSaved", { name: view.Name }),
  });

export async function viewEditorAction(request: Request, id: string | null) {
  const viewer = await requireMetadataAdministration(request);
  if (id !== null) await requireView(id);
  const form = await readForm(request);
  const values = formValues(form);
  const intent = typeof values.intent === "string" ? values.intent : "save";
  try {
    if (id !== null && intent === "delete") {
      const removed = await deleteView(viewer, id);
      return redirectWithToast(request, METADATA_ADMIN.views, {
        message: keyed("metadata.toast.viewDeleted", { name: removed.Name }),
      });
    }
    if (intent !== "save") {
      // A row button pressed without JavaScript: the changed form, shown again, not saved.
      const payload = parse(form, { resolve: () => ({}) }).payload;
      const draft = editViewDraft(viewDraftOfPayload(payload), intent);
      if (!draft)
        return formReply(request, {
          formError: keyed("metadata.validation.unknownAction"),
          values,
        });
      return json({ draft }, noStore);
    }
    const submission = parseWithZod(form, {
      schema: viewFormSchema(await fieldsById()),
      disableAutoCoercion: true,
    });
    if (submission.status !== "success")
      return formReply(request, { fieldErrors: firstErrors(submission.error), values });
    const result =
      id === null
        ? await createView(viewer, submission.value)
        : await updateView(viewer, id, submission.value);
    if (!result.ok)
      return formReply(request, { fieldErrors: byFormName(result.fieldErrors), values });
    return viewSaved(request, result.view);
  } catch (error) {
    return conflictReply(request, error, values);
  }
}
