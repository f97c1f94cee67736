import type { Submission as ConformSubmission } from "@conform-to/react";
import type { z } from "zod";
import { errorResponse, HttpError, requestIdOf } from "./http.server";
import { errorBodyFor } from "./error.server";
import type { FormReplyBody } from "./error";
import { isJsonType, mediaTypeOf } from "./negotiate";
import { env } from "~/utils/env.server";
import { keyedResolverFor } from "./locale/locale.server";
import { keyed, resolveErrors } from "~/models/locale/keyed";

/*
 * The one reader of what a client posts (decision 023): a urlencoded or multipart form, or a JSON
 * body, read by its Content-Type and checked by a zod schema. Other types are 415, an unreadable
 * body 400 (bodies over the limit never get here: server/ answers 413). A body that fails its
 * schema gets the one form reply, status 400, whichever form library sent it.
 */

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const UNSUPPORTED_BODY_MESSAGE =
  "Send this form as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Reload the page and try again.";

export type SubmittedValues = Record<string, unknown>;

/** A form's fields by name: one value as itself, repeated names as a list. */
export function formValues(form: FormData): SubmittedValues {
  // One pass: a getAll per distinct name made 20 000 fields cost seconds (issue 29).
  const values: SubmittedValues = Object.create(null) as SubmittedValues;
  for (const [name, value] of form) {
    const known = values[name];
    if (known === undefined) values[name] = value;
    else if (Array.isArray(known)) known.push(value);
    else values[name] = [known, value];
  }
  return { ...values };
}

/*
 * Refusals of the body are thrown as answers already made, so any loader or action may read a
 * body, wrapped or not.
 */
const refuse = (request: Request, status: number, message: string) =>
  errorResponse(request, new HttpError(status, message));

export const tooManyFieldsMessage = () =>
  `The form has more than ${env().MAX_FORM_FIELDS} fields, more than any form here sends.`;

/** The fields of an urlencoded body, counted without decoding it (each "&" ends one). */
export function urlencodedFieldCount(text: string): number {
  let count = text.length > 0 ? 1 : 0;
  for (let i = text.indexOf("&"); i >= 0; i = text.indexOf("&", i + 1)) count++;
  return count;
}

/** The parts of a multipart body: each delimiter line begins one, the last one ends them. */
function multipartPartCount(body: Buffer, boundary: string): number {
  const delimiter = Buffer.from(`--${boundary}`);
  let count = -1;
  for (let i = body.indexOf(delimiter); i >= 0; i = body.indexOf(delimiter, i + delimiter.length))
    count++;
  return count;
}

const boundaryOf = (type: string) => /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);

/*
 * Each body is parsed once, whoever asks: a route that looks at the intent first and a handler
 * that reads the form after it share the one parse, where a clone parsed it twice.
 */
const parsedForms = new WeakMap<Request, Promise<FormData>>();

async function parseForm(request: Request): Promise<FormData> {
  const max = env().MAX_FORM_FIELDS;
  const type = request.headers.get("content-type") ?? "";
  let bytes: ArrayBuffer;
  try {
    bytes = await request.arrayBuffer();
  } catch {
    throw refuse(request, 400, UNREADABLE_FORM_MESSAGE);
  }
  const body = Buffer.from(bytes);
  if (mediaTypeOf(request) === "application/x-www-form-urlencoded") {
    const text = body.toString("utf8");
    if (urlencodedFieldCount(text) > max) throw refuse(request, 413, tooManyFieldsMessage());
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
    return form;
  }
  const boundary = boundaryOf(type);
  if (!boundary) throw refuse(request, 400, UNREADABLE_FORM_MESSAGE);
  if (multipartPartCount(body, boundary[1] ?? boundary[2]!) > max)
    throw refuse(request, 413, tooManyFieldsMessage());
  try {
    return await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw refuse(request, 400, UNREADABLE_FORM_MESSAGE);
  }
}

/*
 * Conform reads "rows[50000000].a" as a row that far down an array, which it and zod then walk
 * slot by slot: one such field kept a page's action busy for minutes. No form has more rows than
 * it may have fields, so a row number at or past MAX_FORM_FIELDS is refused as too many fields are.
 */
function namesAFarRow(form: FormData, max: number): boolean {
  for (const name of form.keys())
    for (const match of name.matchAll(/\[(\d+)\]/g)) if (Number(match[1]) >= max) return true;
  return false;
}

/** The posted form; any other body is refused (415, or 400 when it cannot be read). */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.has(mediaTypeOf(request))) throw refuse(request, 415, UNSUPPORTED_BODY_MESSAGE);
  let parsed = parsedForms.get(request);
  if (!parsed) {
    parsed = parseForm(request).then((form) => {
      const max = env().MAX_FORM_FIELDS;
      if (namesAFarRow(form, max))
        throw refuse(
          request,
          413,
          `The form names a row number past ${max}, more than any form here has.`,
        );
      return form;
    });
    parsedForms.set(request, parsed);
  }
  return parsed;
}

export const NOT_JSON_MESSAGE = "Send this request as JSON (Content-Type: application/json).";
export const INVALID_JSON_MESSAGE = "The request body is not valid JSON.";

/*
 * JSON.parse takes any depth, but what then walks the value recursively (JSON.stringify when it
 * is stored, zod, logging) overflows the stack: a body 200 000 levels deep answered 500 (issue
 * 29). No body of the API comes near this depth.
 */
export const MAX_JSON_DEPTH = 100;
export const TOO_DEEP_JSON_MESSAGE = `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`;

/** Whether the text's arrays and objects nest deeper than the limit; one pass, no recursion. */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parses JSON text, refusing what is not JSON or nests too deep (thrown as HttpError 400). */
export function parseJsonText(text: string, invalidMessage = INVALID_JSON_MESSAGE): unknown {
  if (nestsTooDeep(text)) throw new HttpError(400, TOO_DEEP_JSON_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, invalidMessage);
  }
}

/** A JSON body (any JSON type, vendor +json included); 415 for another type, 400 unreadable. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonType(mediaTypeOf(request))) throw refuse(request, 415, NOT_JSON_MESSAGE);
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw refuse(request, 400, INVALID_JSON_MESSAGE);
  }
  try {
    return parseJsonText(text);
  } catch (error) {
    throw errorResponse(request, error as HttpError);
  }
}

/** The posted values, from a form or a JSON body (an object). */
export async function readBody(
  request: Request,
  options: { json?: boolean } = { json: true },
): Promise<SubmittedValues> {
  const type = mediaTypeOf(request);
  if (options.json !== false && isJsonType(type)) {
    const value = await readJsonBody(request);
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw refuse(request, 400, "The request body must be a JSON object.");
    return value as SubmittedValues;
  }
  return formValues(await readForm(request));
}

export type Submission<T> =
  | { ok: true; data: T; values: SubmittedValues }
  | { ok: false; fieldErrors: Record<string, string>; formError?: string; values: SubmittedValues };

/** Reads the body and checks it with the schema; each field keeps its first message. */
export async function readSubmission<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  options?: { json?: boolean },
): Promise<Submission<z.output<S>>> {
  return checkSubmission(await readBody(request, options), schema);
}

/** Checks values already read (a form with several intents) as readSubmission does. */
export async function checkSubmission<S extends z.ZodTypeAny>(
  values: SubmittedValues,
  schema: S,
): Promise<Submission<z.output<S>>> {
  const parsed = await schema.safeParseAsync(values);
  if (parsed.success) return { ok: true, data: parsed.data as z.output<S>, values };
  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of parsed.error.issues) {
    const name = issue.path.join(".");
    if (name === "") formError ??= issue.message;
    else fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors, formError, values };
}

/** In English, as the API says it; a page says it in the person's language. */
export const INVALID_FORM_MESSAGE = "Some fields need attention.";

/**
 * The one 400 reply: field errors by name, a form-wide message, and the values to show again.
 * Keyed messages (decision 104) are resolved here, in the person's language on a page's path and
 * in English for the API.
 */
export async function formReply(
  request: Request,
  reply: {
    fieldErrors?: Record<string, string>;
    formError?: string;
    values?: SubmittedValues;
    status?: number;
    /** The body's value when it is a code the client knows (e.g. the archive dialog's). */
    value?: string;
    heading?: string;
    /** More of the reply, e.g. a Conform form's nested values to render again. */
    extra?: Record<string, unknown>;
  },
): Promise<Response> {
  const resolve = await keyedResolverFor(request);
  const status = reply.status ?? 400;
  const formError = reply.formError === undefined ? undefined : resolve(reply.formError);
  const body: FormReplyBody = {
    ...errorBodyFor(
      status,
      reply.value ?? formError ?? resolve(keyed("validation.form.invalid")),
      requestIdOf(request),
      reply.heading ? { heading: reply.heading } : {},
    ),
    ...reply.extra,
    fieldErrors: resolveErrors(reply.fieldErrors ?? {}, resolve),
    ...(formError ? { formError } : {}),
    ...(reply.values ? { repopulateFields: repopulable(reply.values) } : {}),
  };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The one form reply of a form Conform read (parseWithZod) and refused: each field's first
 * message as every form reply has them, and Conform's own result beside them (values nested as
 * the form names them) for the form to show again. `fieldErrors` and `formError` add refusals
 * found after the schema (a model's), by the form's names.
 */
export async function conformReply(
  request: Request,
  submission: ConformSubmission<unknown>,
  reply: {
    values: SubmittedValues;
    fieldErrors?: Record<string, string>;
    formError?: string;
    status?: number;
  },
): Promise<Response> {
  const resolve = await keyedResolverFor(request);
  const fieldErrors: Record<string, string> = {};
  const schemaErrors = submission.status === "success" ? null : submission.error;
  for (const [name, messages] of Object.entries(schemaErrors ?? {}))
    if (name !== "" && messages?.[0]) fieldErrors[name] = messages[0];
  Object.assign(fieldErrors, reply.fieldErrors);
  const formError = reply.formError ?? schemaErrors?.[""]?.[0];
  const lastResult = submission.reply({
    fieldErrors: Object.fromEntries(
      Object.entries(reply.fieldErrors ?? {}).map(([name, message]) => [name, [message]]),
    ),
    ...(reply.formError ? { formErrors: [reply.formError] } : {}),
  });
  return formReply(request, {
    fieldErrors,
    formError,
    values: reply.values,
    status: reply.status,
    extra: {
      lastResult: {
        ...lastResult,
        initialValue: withoutPasswords(lastResult.initialValue),
        ...(lastResult.error ? { error: resolveErrors(lastResult.error, resolve) } : {}),
      },
    },
  });
}

/* As repopulable below, at any depth of Conform's nested values. */
function withoutPasswords<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutPasswords) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !/password/i.test(name))
      .map(([name, v]) => [name, withoutPasswords(v)]),
  ) as T;
}

/* Passwords and files are never sent back; repeated text fields are. */
function repopulable(values: SubmittedValues): SubmittedValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([name, value]) =>
        !/password/i.test(name) &&
        (typeof value !== "object" ||
          // Repeated fields (ticked boxes, rows) come back too; files never.
          (Array.isArray(value) && value.every((v) => typeof v === "string"))),
    ),
  );
}
