import { z } from "zod";
import { keyed } from "~/models/locale/keyed";

/*
 * One vocabulary for names and one-line texts (issue 29, decision 070): what a person types as a
 * name of a user, group, smart folder, album, archive, taxonomy item or file. Refused: C0 and C1
 * control characters and DEL (NUL truncates in C and in files, CR and LF split headers and logs),
 * the line and paragraph separators, and the bidirectional embeddings, overrides and isolates
 * (U+202A-202E, U+2066-2069), which make "photo\u202Egpj.exe" read as "photoexe.jpg". Browser-safe:
 * forms and the API check with the same rules.
 */

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// Multiline text keeps tab, line feed and carriage return.
const UNSAFE_IN_TEXT =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const LINE_TEXT_MESSAGE = "Use no line breaks, control characters or direction overrides";
export const MULTILINE_TEXT_MESSAGE = "Use no control characters or direction overrides";

/** Whether one line of text holds a character no name or one-line text may hold. */
export const hasUnsafeLineCharacter = (text: string) => UNSAFE_IN_LINE.test(text);
/** The same for multiline text, where tabs and line breaks belong. */
export const hasUnsafeTextCharacter = (text: string) => UNSAFE_IN_TEXT.test(text);

interface TextOptions {
  /** At most this many characters (after trimming). */
  max: number;
  /** The message when it is empty; absent: empty is allowed. */
  required?: string;
  /** What the messages call it, keyed or not, e.g. "Name" ("Name: use at most 100 characters"). */
  label?: string;
}

/* Each message with or without the field's label (decision 104: keyed, read in the reader's words). */
const enterText = (label?: string) =>
  label
    ? keyed("validation.text.labelled.enterText", { label })
    : keyed("validation.text.enterText");
const tooLong = (max: number, label?: string) =>
  label
    ? keyed("validation.text.labelled.useAtMost", { label, max })
    : keyed("validation.text.useAtMost", { max });
const unsafeLine = (label?: string) =>
  label
    ? keyed("validation.text.labelled.lineUnsafe", { label })
    : keyed("validation.text.lineUnsafe");
const unsafeText = (label?: string) =>
  label
    ? keyed("validation.text.labelled.multilineUnsafe", { label })
    : keyed("validation.text.multilineUnsafe");

/** One line of text, trimmed: a title, a label, a description that is a single line. */
export function lineText({ max, required, label }: TextOptions) {
  const base = z
    .string({ invalid_type_error: enterText(label) })
    .trim()
    .max(max, tooLong(max, label))
    .refine((v) => !hasUnsafeLineCharacter(v), unsafeLine(label));
  return required ? base.refine((v) => v !== "", required) : base;
}

/** A name: one line, trimmed, required. */
export function nameText(options: TextOptions & { required: string }) {
  return lineText(options);
}

/** Multiline text (descriptions, notes): line breaks and tabs allowed, other controls not. */
export function multilineText({ max, label }: Omit<TextOptions, "required">) {
  return z
    .string({ invalid_type_error: enterText(label) })
    .trim()
    .max(max, tooLong(max, label))
    .refine((v) => !hasUnsafeTextCharacter(v), unsafeText(label));
}

export const MAX_FILE_NAME_BYTES = 255;
// The path separators of every platform and what Windows cannot hold in a file name, so a
// downloaded file keeps its name everywhere.
const FORBIDDEN_IN_FILE_NAME = /[*|\\/":?<>]/;

/**
 * Why a file name (upload or rename) cannot be used, or null. The one rule both follow, so an
 * upload and a rename never disagree about a name.
 */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === "") return "A file name cannot be empty.";
  if (hasUnsafeLineCharacter(name))
    return "A file name cannot hold control characters (line breaks, tabs) or direction overrides.";
  if (FORBIDDEN_IN_FILE_NAME.test(name))
    return 'A file name cannot hold folder separators (/ or \\) or any of * | " : ? < >.';
  if (name === "." || name === "..") return 'A file name cannot be "." or "..".';
  if (name.trim() !== name) return "A file name cannot start or end with spaces.";
  if (new TextEncoder().encode(name).length > MAX_FILE_NAME_BYTES)
    return `A file name can be at most ${MAX_FILE_NAME_BYTES} bytes long (UTF-8).`;
  return null;
}

/** A file name as a schema: fileNameProblem's rule, its message as the issue. */
export const fileName = z.string().superRefine((name, ctx) => {
  const problem = fileNameProblem(name);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});
