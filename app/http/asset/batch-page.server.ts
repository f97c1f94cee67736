import { json } from "@remix-run/node";
import { editsFromBatchForm } from "~/components/metadata/editors/field-form";
import { PROBLEM_STATUS } from "~/http/error.server";
import { HttpError, readableErrorResponse } from "~/http/http.server";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { formReply, formValues, readForm } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  batchPanel,
  batchSelectionSchema,
  taskOperationOf,
  type BatchPanel,
  type BatchSelection,
} from "~/models/background-task/batch-panel.server";
import { renamedTo } from "~/models/background-task/operations/rename.server";
import { createTask, type TaskItemInput } from "~/models/background-task/task-engine.server";
import type { FieldEdit } from "~/models/background-task/task.schema";
import { checkFieldEdits } from "~/models/metadata/field-values";
import { keyed } from "~/models/locale/keyed";
import { isProblem } from "~/models/problem/problem";
import { taxonomyEditErrors } from "~/models/taxonomy/taxonomy-fields.server";
import type { Viewer } from "~/models/user/user.schema";
import { LINKS, taskPagePath } from "~/utils/links";
import { translatorFor } from "~/http/locale/locale.server";
import type { MessageId, Translate } from "~/models/locale/message-id";

/** Each operation's name, as the grid's panel writes it (decision 101: whole ids). */
const OP_LABELS = {
  metadata: "grid.batch.op.metadata",
  rename: "grid.batch.op.rename",
  duplicate: "grid.batch.op.duplicate",
  copy: "grid.batch.op.copy",
  move: "grid.batch.op.move",
  delete: "grid.batch.op.delete",
  rotate: "grid.batch.op.rotate",
} as const satisfies Record<BatchPanel["op"], MessageId>;

/*
 * The batch page (/fotoweb/views/batch?asset=1&asset=2&op=metadata, decision 046): the grid's
 * selection opens it with a plain GET, and its form posts here. The post is checked as a whole
 * (field rules, file names, destination, the delete confirmation), every problem answered at
 * once with 400 and no task made; otherwise one task for the whole selection, refused assets
 * included so its results name them, and a redirect to the task's page (the panel over the grid
 * gets the task as JSON instead and shows its progress there).
 */

/** The English of the form's messages (asset.batch.*), as the tests read them. */
export const CONFIRM_DELETE_MESSAGE = "Tick the box to confirm the deletion.";
export const NOTHING_TO_CHANGE_MESSAGE = "Change at least one field.";
export const ROTATIONS = ["90", "180", "270"] as const;
const MAX_FOLDER = 1000;

/** The selection a URL or form names; a 400 in the reader's words for what the panel cannot show. */
async function readSelection(
  request: Request,
  values: { op: unknown; asset: unknown },
): Promise<BatchSelection> {
  const assets = values.asset === undefined ? [] : [values.asset].flat();
  const parsed = batchSelectionSchema.safeParse({ op: values.op ?? "metadata", asset: assets });
  if (!parsed.success)
    throw await readableErrorResponse(
      request,
      new HttpError(400, parsed.error.issues[0]?.message ?? keyed("validation.request.invalid")),
    );
  return parsed.data;
}

/** A started task, as the panel over the grid receives it. */
export interface BatchStarted {
  jobId: number;
  href: string;
  message: string;
}

export interface BatchPage extends BatchPanel {
  back: string;
  opLabel: string;
}

export async function batchPageLoader(request: Request): Promise<BatchPage> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const t = await translatorFor(request);
  const url = new URL(request.url);
  const back = safeRedirect(url.searchParams.get("back"), LINKS.archives);
  // The grid's form (it names where it came from) sent without a selection, JavaScript off:
  // back to the grid with the message. Any other request without assets is bad input.
  if (url.searchParams.has("back") && url.searchParams.getAll("asset").length === 0)
    throw await redirectWithToast(request, back, {
      kind: "error",
      message: t("asset.batch.noSelection"),
    });
  const selection = await readSelection(request, {
    op: url.searchParams.get("op") ?? undefined,
    asset: url.searchParams.getAll("asset"),
  });
  const panel = await batchPanel(viewer, selection);
  return {
    ...panel,
    back,
    opLabel: t(OP_LABELS[panel.op]),
  };
}

type Checked =
  | { ok: true; params: unknown; itemParams?: Map<number, { fileName: string }> }
  | { ok: false; fieldErrors: Record<string, string>; formError?: string };

/** The operation's settings from the form, or every problem with them. */
function checkOperation(t: Translate, panel: BatchPanel, form: FormData): Checked {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  switch (panel.op) {
    case "metadata": {
      const changes: FieldEdit[] = editsFromBatchForm(panel.fields, form);
      if (changes.length === 0)
        return { ok: false, fieldErrors: {}, formError: t("asset.batch.nothingToChange") };
      const checked = checkFieldEdits(new Map(panel.fields.map((f) => [f.id, f])), changes);
      if (Object.keys(checked.errors).length > 0) return { ok: false, fieldErrors: checked.errors };
      return { ok: true, params: { changes: checked.changes } };
    }
    case "rename": {
      const fieldErrors: Record<string, string> = {};
      const itemParams = new Map<number, { fileName: string }>();
      for (const asset of panel.assets) {
        // The rename operation's own rule (forbidden characters, the extension kept), so the
        // form refuses what the task would.
        const renamed = renamedTo(asset.fileName ?? "", text(`name.${asset.id}`));
        if ("error" in renamed) fieldErrors[`name.${asset.id}`] = renamed.error;
        else itemParams.set(asset.id, { fileName: renamed.name });
      }
      if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
      return { ok: true, params: {}, itemParams };
    }
    case "copy":
    case "move": {
      const fieldErrors: Record<string, string> = {};
      const archiveId = Number(text("destination"));
      if (!panel.destinations.some((d) => d.id === archiveId))
        fieldErrors.destination = t("asset.batch.chooseDestination");
      const folder = text("folder")
        .trim()
        .replace(/^\/+|\/+$/g, "");
      if (
        folder.length > MAX_FOLDER ||
        folder.split("/").some((part) => part === "." || part === "..") ||
        // eslint-disable-next-line no-control-regex -- control characters are what this refuses
        /[\u0000-\u001f\u007f\\]/.test(folder)
      )
        fieldErrors.folder = t("asset.batch.folderInvalid");
      if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
      return { ok: true, params: { archiveId, folder } };
    }
    case "delete":
      return form.get("confirm") === "yes"
        ? { ok: true, params: {} }
        : { ok: false, fieldErrors: { confirm: t("asset.batch.confirmDelete") } };
    case "rotate": {
      const degrees = text("degrees");
      return (ROTATIONS as readonly string[]).includes(degrees)
        ? { ok: true, params: { degrees: Number(degrees) } }
        : { ok: false, fieldErrors: { degrees: t("asset.batch.chooseRotation") } };
    }
    case "duplicate":
      return { ok: true, params: {} };
  }
}

export async function batchPageAction(request: Request) {
  const viewer: Viewer = await requireViewer(request, { allowGuest: false });
  const t = await translatorFor(request);
  const form = await readForm(request);
  const selection = await readSelection(request, {
    op: form.get("op"),
    asset: form.getAll("asset"),
  });
  const panel = await batchPanel(viewer, selection);
  const reply = (fieldErrors: Record<string, string>, formError?: string, status = 400) =>
    formReply(request, { fieldErrors, formError, status, values: formValues(form) });
  if (panel.assets.length === 0)
    return reply({}, t("asset.batch.refusedAll", { op: panel.op }), 403);
  const checked = checkOperation(t, panel, form);
  if (!checked.ok) return reply(checked.fieldErrors, checked.formError);
  if (panel.op === "metadata") {
    // The taxonomies' rule (decision 060) reads the terms, so it runs after the field rules.
    const changes = (checked.params as { changes: FieldEdit[] }).changes;
    const refused = await taxonomyEditErrors(new Map(panel.fields.map((f) => [f.id, f])), changes);
    if (Object.keys(refused).length > 0) return reply(refused);
  }
  // Refused assets go into the task too, so its per-asset results name them.
  const items: TaskItemInput[] = [...panel.assets, ...panel.refused].map((a) => {
    const fileName = checked.itemParams?.get(a.id);
    return {
      href: a.href ?? `${LINKS.archives}#asset-${a.id}`,
      assetId: a.id,
      ...(fileName ? { itemParams: fileName } : {}),
    };
  });
  try {
    const { jobId } = await createTask(viewer, taskOperationOf(panel.op), items, checked.params);
    const values = { operation: t(OP_LABELS[panel.op]), count: panel.assets.length };
    const started: BatchStarted = {
      jobId,
      href: taskPagePath(jobId),
      message:
        panel.refused.length > 0
          ? t("asset.batch.startedWithRefused", { ...values, refused: panel.refused.length })
          : t("asset.batch.started", values),
    };
    // The panel over the grid (its fetcher, `_fetch`) follows the task in place (decision 087).
    if (form.get("_fetch") === "1")
      return json(started, { headers: { "Cache-Control": "no-store" } });
    return redirectWithToast(request, started.href, { kind: "success", message: started.message });
  } catch (error) {
    if (!isProblem(error)) throw error;
    return reply({}, error.message, PROBLEM_STATUS[error.kind]);
  }
}
