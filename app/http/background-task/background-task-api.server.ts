import { z } from "zod";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { assetIdFromHref } from "~/models/collection/collection-list.server";
import {
  createTask,
  isTaskOperation,
  TASK_POLL_MS,
  type TaskItemInput,
} from "~/models/background-task/task-engine.server";
import {
  MAX_TASK_ASSETS,
  responseMediaType,
  type FieldEdit,
  type TaskOperationName,
} from "~/models/background-task/task.schema";
import type { Viewer } from "~/models/user/user.schema";
import { taskHref } from "~/utils/links";
import { apiJson, HttpError } from "../http.server";
import { mediaTypeOf } from "../negotiate";
import { readJsonBody } from "../submission.server";

/*
 * POST /fotoweb/me/background-tasks/ (reference "Background tasks", decision 047). The request
 * type is the Content-Type (application/vnd.fotoware.rename-request+json); plain
 * application/json names it in a `type` field instead ("undo" only this way, with `jobId`).
 * Bodies as the reference has them, with the extensions of decision 047: per-asset
 * `job-filename` and `revision`, and `action` (set, add, remove, erase) with array values in
 * `job-metadata`. Answers 201 with the task's location to poll.
 */

const REQUEST_TYPE = /^application\/vnd\.fotoware\.([a-z-]+)-request\+json$/;

export const UNKNOWN_TASK_TYPE =
  "Send a task as application/vnd.fotoware.<operation>-request+json (metadata-edit, rename, " +
  "duplicate, copy, move, delete, rotate), or as application/json with a `type` field.";

const assetSchema = z
  .object({
    href: z.string().min(1, "Each asset needs its href.").max(2000),
    "job-filename": z.string().max(255).optional(),
    revision: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .passthrough();

const fieldValue = z.union([z.string().max(100_000), z.array(z.string().max(100_000)).max(1000)]);

const bodySchema = z
  .object({
    type: z.string().max(40).optional(),
    assets: z
      .array(assetSchema)
      .max(MAX_TASK_ASSETS, `A task takes at most ${MAX_TASK_ASSETS} assets; split the selection.`)
      .optional(),
    "job-metadata": z
      .array(
        z.object({
          field: z.coerce.number().int().positive().max(2_147_483_647),
          value: fieldValue.optional(),
          action: z.enum(["set", "add", "remove", "erase"]).optional(),
        }),
      )
      .max(500)
      .optional(),
    "job-destination": z.string().max(2000).optional(),
    "job-filename": z.string().max(255).optional(),
    direction: z.union([z.string().max(10), z.number()]).optional(),
    jobId: z.coerce.number().int().positive().optional(),
  })
  .passthrough();

type Body = z.infer<typeof bodySchema>;

const DEGREES: Record<string, 90 | 180 | 270> = {
  cw: 90,
  "90": 90,
  "180": 180,
  ccw: 270,
  "-90": 270,
  "270": 270,
};

/** An archive href, optionally with a folder path: /fotoweb/archives/5000-Name/folder/sub/. */
export function parseDestination(href: string): { archiveId: number; folder: string } | null {
  let pathname: string;
  try {
    pathname = new URL(href, "http://arkiv.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/fotoweb\/archives\/([^/]+)\/?(.*)$/.exec(pathname);
  if (!match) return null;
  const archiveId = archiveIdFromSegment(match[1]!);
  if (archiveId === null) return null;
  try {
    const folder = match[2]!
      .split("/")
      .filter((s) => s !== "")
      .map((s) => decodeURIComponent(s))
      .join("/");
    if (folder.split("/").some((s) => s === "." || s === "..")) return null;
    return { archiveId, folder };
  } catch {
    return null;
  }
}

function paramsOf(operation: Exclude<TaskOperationName, "undo">, body: Body): unknown {
  switch (operation) {
    case "metadata-edit":
      return {
        changes: (body["job-metadata"] ?? []).map((entry): FieldEdit => {
          const values =
            entry.value === undefined
              ? []
              : Array.isArray(entry.value)
                ? entry.value
                : entry.value === ""
                  ? []
                  : [entry.value];
          return { field: entry.field, action: entry.action ?? "set", value: values };
        }),
      };
    case "copy":
    case "move": {
      const destination = parseDestination(body["job-destination"] ?? "");
      if (!destination)
        throw new HttpError(
          400,
          "job-destination must be an archive's href, optionally with a folder path.",
        );
      return destination;
    }
    case "rotate": {
      const degrees = DEGREES[String(body.direction ?? "").toLowerCase()];
      if (!degrees) throw new HttpError(400, 'direction must be "cw", "ccw" or "180".');
      return { degrees };
    }
    default:
      return {};
  }
}

function itemsOf(body: Body): TaskItemInput[] {
  return (body.assets ?? []).map((asset) => {
    const target = assetIdFromHref(asset.href);
    const fileName = asset["job-filename"] ?? body["job-filename"];
    const itemParams = {
      ...(fileName !== undefined ? { fileName } : {}),
      ...(asset.revision !== undefined ? { revision: asset.revision } : {}),
    };
    return {
      href: asset.href,
      assetId: target?.assetId ?? null,
      ...(target ? { archiveId: target.archiveId } : {}),
      ...(Object.keys(itemParams).length > 0 ? { itemParams } : {}),
    };
  });
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const where = issue.path.join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/*
 * Tasks the reference names for capabilities Arkiv has not: FotoStation actions and markers. A
 * program learns that the server does not do them (501), not that it sent the wrong type (415).
 */
const NOT_IMPLEMENTED_TASKS: Record<string, string> = {
  action: "Arkiv runs no actions: the action-request task is not implemented.",
  marker: "Arkiv keeps no markers: the marker-request task is not implemented.",
};

/** Starts the task a request asks for and answers 201 with where to poll it. */
export async function startTaskResponse(request: Request, viewer: Viewer): Promise<Response> {
  const type = mediaTypeOf(request);
  const named = REQUEST_TYPE.exec(type)?.[1];
  const missing = named === undefined ? undefined : NOT_IMPLEMENTED_TASKS[named];
  if (missing) throw new HttpError(501, missing);
  if (type !== "application/json" && (!named || named === "undo" || !isTaskOperation(named)))
    throw new HttpError(415, UNKNOWN_TASK_TYPE);
  const parsed = bodySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const body = parsed.data;
  const operation = named ?? body.type ?? "";
  if (!isTaskOperation(operation))
    throw new HttpError(400, `type must name a task: ${UNKNOWN_TASK_TYPE}`);

  const { jobId } =
    operation === "undo"
      ? await createTask(viewer, "undo", [], { jobId: body.jobId })
      : await createTask(viewer, operation, itemsOf(body), paramsOf(operation, body));
  const location = taskHref(jobId);
  return apiJson(
    { location, status: "pending", maxInterval: TASK_POLL_MS },
    operation === "undo" ? "application/json" : responseMediaType(operation),
    { status: 201, headers: { Location: location, "Cache-Control": "no-store" } },
  );
}
