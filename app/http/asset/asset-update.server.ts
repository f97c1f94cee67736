import { assetDecision } from "~/models/access/access.server";
import { ASSET_NOT_FOUND, findAssetBySegments } from "~/models/asset/asset-details.server";
import { BUILTIN_FIELD_IDS, editAssetMetadata } from "~/models/asset/asset-edit.server";
import type { FieldEdit } from "~/models/background-task/task.schema";
import { FIELD_EDIT_ACTIONS, MAX_FIELD_EDITS } from "~/models/metadata/field-values";
import { apiJson, errorResponse, HttpError } from "../http.server";
import { mediaTypeOf } from "../negotiate";
import { requireViewer } from "../session.server";
import { formReply, readJsonBody } from "../submission.server";

/*
 * PATCH on an asset (reference PatchMetadata, application/vnd.fotoware.assetupdate+json): the
 * fields to change by id, as FotoWare's asset update takes them, and the builtin roles by name.
 * Refusals come before the body is read: an asset the viewer may not see is 404 like a missing
 * one, one they see without EditText 403. Answers the asset as it now is.
 */

export const ASSET_UPDATE_TYPE = "application/vnd.fotoware.assetupdate+json";
const ASSET_TYPE = "application/vnd.fotoware.asset+json";
const ACCEPTED_TYPES = new Set([ASSET_UPDATE_TYPE, "application/json"]);

export const ASSET_UPDATE_SHAPE =
  'Send {"metadata": {"<field id>": {"value": "text" or ["a", "b"]}}} and/or {"builtinFields": [{"field": "title", "value": "text"}]}.';

type Parsed = { ok: true; changes: FieldEdit[] } | { ok: false; errors: Record<string, string> };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A value as the update gives it: text, a list of texts, a number or true/false. */
function valuesOf(value: unknown): string[] | null {
  if (typeof value === "string") return value === "" ? [] : [value];
  if (typeof value === "number" && Number.isFinite(value)) return [String(value)];
  if (typeof value === "boolean") return [String(value)];
  if (value === null) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  return null;
}

/** The update's changes, in the order given; what cannot be read, by where it stands. */
export function assetUpdateChanges(body: unknown): Parsed {
  const errors: Record<string, string> = {};
  const changes: FieldEdit[] = [];
  if (!isObject(body)) return { ok: false, errors: { "": ASSET_UPDATE_SHAPE } };
  const { metadata, builtinFields } = body;
  const add = (path: string, field: number, actionValue: unknown, raw: unknown) => {
    const value = valuesOf(raw);
    if (value === null) {
      errors[path] ??= "Give the value as text or a list of texts";
      return;
    }
    const action = actionValue ?? (value.length === 0 ? "erase" : "set");
    if (typeof action !== "string" || !(FIELD_EDIT_ACTIONS as readonly string[]).includes(action)) {
      errors[path] ??= "The action is add, remove, erase or set";
      return;
    }
    changes.push({ field, action: action as FieldEdit["action"], value });
  };
  if (metadata !== undefined) {
    if (!isObject(metadata)) errors.metadata = "Give metadata as an object of fields by id";
    else
      for (const [key, entry] of Object.entries(metadata)) {
        const path = `metadata.${key.slice(0, 40)}`;
        if (!/^\d{1,9}$/.test(key)) errors[path] ??= "Name each field by its numeric id";
        else if (!isObject(entry)) errors[path] ??= 'Give each field as {"value": ...}';
        else add(path, Number(key), entry.action, entry.value);
      }
  }
  if (builtinFields !== undefined) {
    if (!Array.isArray(builtinFields)) errors.builtinFields = "Give builtinFields as a list";
    else
      builtinFields.forEach((entry: unknown, i) => {
        const path = `builtinFields.${i}`;
        const name = isObject(entry) && typeof entry.field === "string" ? entry.field : "";
        const id = Object.hasOwn(BUILTIN_FIELD_IDS, name) ? BUILTIN_FIELD_IDS[name] : undefined;
        if (!isObject(entry) || id === undefined)
          errors[path] ??= `The field is one of ${Object.keys(BUILTIN_FIELD_IDS).join(", ")}`;
        else add(path, id, entry.action, entry.value);
      });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (changes.length === 0) return { ok: false, errors: { "": ASSET_UPDATE_SHAPE } };
  if (changes.length > MAX_FIELD_EDITS)
    return { ok: false, errors: { "": `Change at most ${MAX_FIELD_EDITS} fields at once` } };
  return { ok: true, changes };
}

/** Field errors by the update's own paths: metadata.<id>. */
const byPath = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      /^\d+$/.test(key) ? `metadata.${key}` : key,
      message,
    ]),
  );

export async function patchAsset(
  request: Request,
  params: { archive?: string; asset?: string },
): Promise<Response> {
  try {
    const viewer = await requireViewer(request);
    const found = await findAssetBySegments(viewer, params.archive, params.asset);
    if (!found) throw new HttpError(404, ASSET_NOT_FOUND);
    const decision = await assetDecision(viewer, found.row.id, "EditText");
    if (!decision.allowed) throw decision.problem;
    if (!ACCEPTED_TYPES.has(mediaTypeOf(request)))
      throw new HttpError(415, `Send the asset update as ${ASSET_UPDATE_TYPE}.`);
    const parsed = assetUpdateChanges(await readJsonBody(request));
    if (!parsed.ok) {
      const { "": formError, ...fieldErrors } = parsed.errors;
      return formReply(request, { fieldErrors, formError });
    }
    const result = await editAssetMetadata(viewer, found.row.id, parsed.changes);
    if (!result.ok)
      return formReply(request, {
        fieldErrors: byPath(result.errors),
        formError: Object.values(result.errors)[0],
      });
    const now = await findAssetBySegments(viewer, params.archive, params.asset);
    if (!now) throw new HttpError(404, ASSET_NOT_FOUND);
    return apiJson(now.view, ASSET_TYPE);
  } catch (error) {
    return errorResponse(request, error);
  }
}
