import { z } from "zod";
import { newPasswordSchema, PASSWORD_MAX } from "~/models/auth/auth.schema";
import { patternProblem, userPatternMatches } from "~/models/validation/pattern";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";
import { keyed } from "~/models/locale/keyed";

/*
 * Sign-ups (spec 002 sections 3, 5 and 7; decision 036): the site's setting, its extra field
 * definitions, the public form, the details an approver edits and the API's bodies. Safe for the
 * browser: the public form validates with the same rules before it is sent.
 */

export const SIGNUP_FIELD_TYPES = ["text", "dropdown", "checkbox"] as const;
export type SignupFieldType = (typeof SIGNUP_FIELD_TYPES)[number];

export const MAX_SIGNUP_FIELDS = 20;
export const MAX_FIELD_VALUE = 500;
export const MAX_DROPDOWN_VALUES = 50;
export const FIELD_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Whether the pattern may be saved: it compiles on RE2, the engine that runs it (decision 069). */
export function isValidPattern(pattern: string): boolean {
  return patternProblem(pattern) === null;
}

const atMost = (max: number) => keyed("validation.text.atMost", { max });

const regexSchema = z
  .string()
  .max(200, atMost(200))
  .superRefine((pattern, ctx) => {
    const problem = patternProblem(pattern);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A sign-up field definition: id, label, data type, values, validation {regex, helpText}, required. */
export const signupFieldSchema = z.object({
  id: z.string().regex(FIELD_ID_PATTERN),
  label: z.string().trim().min(1).max(100),
  type: z.enum(SIGNUP_FIELD_TYPES),
  values: z.array(z.string().trim().min(1).max(100)).max(MAX_DROPDOWN_VALUES).default([]),
  validation: z
    .object({
      regex: regexSchema.default(""),
      helpText: z.string().trim().max(200).default(""),
    })
    .default({}),
  required: z.boolean().default(false),
});
export type SignupField = z.infer<typeof signupFieldSchema>;

export const signupSettingsSchema = z.object({
  /** The public sign-up page exists only while this is on. */
  enabled: z.boolean().catch(false).default(false),
  /** Spec 002 section 6: the approver may put the new account in groups. */
  adminCanAssignGroups: z.boolean().catch(true).default(true),
  fields: z.array(signupFieldSchema).max(MAX_SIGNUP_FIELDS).catch([]).default([]),
});
export type SignupSettings = z.infer<typeof signupSettingsSchema>;

/** A value of an extra field: text and dropdown a string, checkbox a boolean. */
export type UserDataValue = string | boolean;
export interface UserDataEntry {
  id: string;
  value: UserDataValue;
}

/**
 * Checks values for the site's extra fields (spec 002 section 5: required means non-empty, a
 * boolean is set when true; the regex applies to each value, its help text shown when it fails;
 * text is trimmed). Unknown ids are refused. Errors come by field id.
 */
export function checkUserData(
  fields: readonly SignupField[],
  entries: readonly { id: string; value: unknown }[],
): { ok: true; userData: UserDataEntry[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const given = new Map<string, unknown>();
  for (const entry of entries) {
    if (!fields.some((f) => f.id === entry.id))
      errors[entry.id] = keyed("people.signup.validation.noSuchField");
    else given.set(entry.id, entry.value);
  }
  const userData: UserDataEntry[] = [];
  for (const field of fields) {
    const raw = given.get(field.id);
    if (field.type === "checkbox") {
      if (raw !== undefined && typeof raw !== "boolean") {
        errors[field.id] = keyed("people.signup.validation.tickOrEmpty", { label: field.label });
        continue;
      }
      const value = raw === true;
      if (field.required && !value)
        errors[field.id] = helpOr(
          field,
          keyed("people.signup.validation.tick", { label: field.label }),
        );
      userData.push({ id: field.id, value });
      continue;
    }
    if (raw !== undefined && raw !== null && typeof raw !== "string") {
      errors[field.id] = keyed("people.signup.validation.text", { label: field.label });
      continue;
    }
    const value = (raw ?? "").trim();
    if (value.length > MAX_FIELD_VALUE) {
      errors[field.id] = keyed("people.signup.validation.atMost", {
        label: field.label,
        max: MAX_FIELD_VALUE,
      });
    } else if (value === "") {
      if (field.required)
        errors[field.id] = keyed("people.signup.validation.requiredField", { label: field.label });
    } else if (field.type === "dropdown" && !field.values.includes(value)) {
      errors[field.id] = keyed("people.signup.validation.option", { label: field.label });
    } else if (
      field.validation.regex &&
      // false only: in the browser the pattern is not run (undefined) and the server decides.
      userPatternMatches(field.validation.regex, value, false) === false
    ) {
      errors[field.id] = helpOr(
        field,
        keyed("people.signup.validation.form", { label: field.label }),
      );
    }
    userData.push({ id: field.id, value });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, userData };
}

const helpOr = (field: SignupField, fallback: string) => field.validation.helpText || fallback;

/** A form field's name for an extra field (flat, so both form libraries read it as it is). */
export const extraFieldName = (id: string) => `extra_${id}`;

/** The extra fields' values as a form posts them: a ticked box "on", an unticked one nothing. */
export function userDataFromForm(
  fields: readonly SignupField[],
  values: Record<string, unknown>,
): { id: string; value: unknown }[] {
  return fields.map((field) => {
    const raw = values[extraFieldName(field.id)];
    if (field.type === "checkbox") return { id: field.id, value: raw === "on" || raw === "true" };
    return { id: field.id, value: typeof raw === "string" ? raw : raw === undefined ? "" : raw };
  });
}

// Spec 002 section 5: a standard address, or the bracketed IP form.
const EMAIL_PATTERN =
  /^[^\s@"(),:;<>[\]\\]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;

export const emailSchema = z
  .string({ message: keyed("people.signup.validation.enterEmail") })
  .trim()
  .min(1, keyed("people.signup.validation.enterEmail"))
  .max(254, keyed("validation.text.atMost", { max: 254 }))
  .regex(EMAIL_PATTERN, keyed("people.signup.validation.email"));

const FIRST_NAME = keyed("people.signup.field.firstName");
const LAST_NAME = keyed("people.signup.field.lastName");

const nameSchema = (label: string) =>
  z
    .string({ message: keyed("people.signup.validation.required", { label }) })
    .trim()
    .min(1, keyed("people.signup.validation.required", { label }))
    .max(100, keyed("validation.text.atMost", { max: 100 }))
    .refine((v) => !hasUnsafeLineCharacter(v), keyed("validation.text.lineUnsafe"));

/*
 * A field left out of a post reads as empty, so its message joins the others: a missing key
 * would otherwise stop zod before the extra fields' check runs, and errors would come in turns.
 */
const orEmpty = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === undefined ? "" : value), schema);

export const SIGNUP_USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** The public sign-up form, with the site's extra fields checked by checkUserData. */
export function signupFormSchema(fields: readonly SignupField[]) {
  return z
    .object({
      firstName: orEmpty(nameSchema(FIRST_NAME)),
      lastName: orEmpty(nameSchema(LAST_NAME)),
      email: orEmpty(emailSchema),
      username: orEmpty(
        z
          .string({ message: keyed("people.signup.validation.chooseUsername") })
          .trim()
          .min(1, keyed("people.signup.validation.chooseUsername"))
          .regex(SIGNUP_USERNAME_PATTERN, keyed("people.signup.validation.username")),
      ),
      password: orEmpty(newPasswordSchema),
      confirmPassword: z.string().max(PASSWORD_MAX).default(""),
    })
    .passthrough()
    .superRefine((value, ctx) => {
      if (value.confirmPassword !== value.password)
        ctx.addIssue({
          code: "custom",
          path: ["confirmPassword"],
          message: keyed("validation.password.mismatch"),
        });
      const checked = checkUserData(fields, userDataFromForm(fields, value));
      if (!checked.ok)
        for (const [id, message] of Object.entries(checked.errors))
          ctx.addIssue({ code: "custom", path: [extraFieldName(id)], message });
    })
    .transform((value) => {
      const checked = checkUserData(fields, userDataFromForm(fields, value));
      return {
        firstName: value.firstName,
        lastName: value.lastName,
        email: value.email,
        username: value.username,
        password: value.password,
        userData: checked.ok ? checked.userData : [],
      };
    });
}
export type SignupInput = z.output<ReturnType<typeof signupFormSchema>>;

/** The approver's details form (spec 002: first and last name required, dynamic fields). */
export function signupDetailsFormSchema(fields: readonly SignupField[]) {
  return z
    .object({
      firstName: orEmpty(nameSchema(FIRST_NAME)),
      lastName: orEmpty(nameSchema(LAST_NAME)),
    })
    .passthrough()
    .superRefine((value, ctx) => {
      const checked = checkUserData(fields, userDataFromForm(fields, value));
      if (!checked.ok)
        for (const [id, message] of Object.entries(checked.errors))
          ctx.addIssue({ code: "custom", path: [extraFieldName(id)], message });
    })
    .transform((value) => {
      const checked = checkUserData(fields, userDataFromForm(fields, value));
      return {
        firstName: value.firstName,
        lastName: value.lastName,
        userData: checked.ok ? checked.userData : [],
      };
    });
}
export type SignupDetails = z.output<ReturnType<typeof signupDetailsFormSchema>>;

/** PATCH on a sign-up's href: firstName, lastName, userData, each optional. */
export const signupPatchSchema = z
  .object({
    firstName: nameSchema(FIRST_NAME).optional(),
    lastName: nameSchema(LAST_NAME).optional(),
    userData: z
      .array(z.object({ id: z.string().max(100), value: z.unknown() }).strict())
      .max(MAX_SIGNUP_FIELDS * 2)
      .optional(),
  })
  .strict();
export type SignupPatch = z.infer<typeof signupPatchSchema>;

/** APPROVE's body: the groups, as hrefs (/fotoweb/api/groups/10002) or ids. */
export const signupApprovalSchema = z
  .object({
    groups: z
      .array(z.union([z.string().max(300), z.number()]))
      .max(1000)
      .default([]),
  })
  .passthrough();

/** A group reference as an id: its href's last segment, or the id itself. */
export function groupIdOf(reference: string | number): number | null {
  if (typeof reference === "number") return Number.isSafeInteger(reference) ? reference : null;
  const match = /^(?:\/fotoweb\/api\/groups\/)?(\d{1,9})\/?$/.exec(reference.trim());
  return match ? Number(match[1]) : null;
}

/*
 * The site owner's editor of the setting and the extra fields. Rows are posted flat as
 * fields[N].label and so on; fieldRowsFromValues gathers them before this schema reads them.
 */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

export const signupFieldRowSchema = z
  .object({
    id: z.string().max(40).optional(),
    label: z.string().trim().max(100, atMost(100)).default(""),
    type: z.enum(SIGNUP_FIELD_TYPES, { message: keyed("people.signupFields.validation.type") }),
    values: z.string().max(5000, atMost(5000)).default(""),
    regex: z
      .string()
      .max(200, atMost(200))
      .superRefine((pattern, ctx) => {
        const problem = patternProblem(pattern);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .default(""),
    helpText: z.string().trim().max(200, atMost(200)).default(""),
    required: checkbox,
    remove: checkbox,
  })
  .superRefine((row, ctx) => {
    if (row.remove) return;
    if (row.label === "" && row.id)
      ctx.addIssue({
        code: "custom",
        path: ["label"],
        message: keyed("people.signupFields.validation.label"),
      });
    const values = splitValues(row.values);
    if (row.type === "dropdown" && row.label !== "" && values.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["values"],
        message: keyed("people.signupFields.validation.choices"),
      });
    if (values.length > MAX_DROPDOWN_VALUES)
      ctx.addIssue({
        code: "custom",
        path: ["values"],
        message: keyed("people.signupFields.validation.tooManyChoices", {
          max: MAX_DROPDOWN_VALUES,
        }),
      });
    if (values.some((v) => v.length > 100))
      ctx.addIssue({
        code: "custom",
        path: ["values"],
        message: keyed("people.signupFields.validation.choiceTooLong", { max: 100 }),
      });
  });

export const splitValues = (text: string) =>
  [...new Set(text.split(/\r?\n/).map((v) => v.trim()))].filter(Boolean);

export const signupSettingsFormSchema = z.object({
  enabled: checkbox,
  adminCanAssignGroups: checkbox,
  fields: z
    .array(signupFieldRowSchema)
    .max(
      MAX_SIGNUP_FIELDS + 1,
      keyed("people.signupFields.validation.tooManyFields", { max: MAX_SIGNUP_FIELDS }),
    )
    .default([]),
});
export type SignupSettingsForm = z.infer<typeof signupSettingsFormSchema>;

/** The flat rows fields[0].label, fields[0].type, ... as a list, in their index order. */
export function fieldRowsFromValues(values: Record<string, unknown>): Record<string, unknown> {
  const rows = new Map<number, Record<string, unknown>>();
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const match = /^fields\[(\d{1,3})\]\.(\w+)$/.exec(name);
    if (!match) {
      rest[name] = value;
      continue;
    }
    const index = Number(match[1]);
    if (!rows.has(index)) rows.set(index, {});
    rows.get(index)![match[2]!] = value;
  }
  return {
    ...rest,
    fields: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
  };
}

/** An id for a new field from its label, unique among the ids taken. */
export function newFieldId(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32) || "field";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** The settings the editor's rows describe: removed and blank new rows dropped, ids kept. */
export function signupSettingsFromForm(form: SignupSettingsForm): SignupSettings {
  const taken = new Set(form.fields.flatMap((row) => (row.id ? [row.id] : [])));
  const fields: SignupField[] = [];
  for (const row of form.fields) {
    if (row.remove || row.label === "") continue;
    const id = row.id && FIELD_ID_PATTERN.test(row.id) ? row.id : newFieldId(row.label, taken);
    taken.add(id);
    fields.push({
      id,
      label: row.label,
      type: row.type,
      values: row.type === "dropdown" ? splitValues(row.values) : [],
      validation: { regex: row.type === "text" ? row.regex : "", helpText: row.helpText },
      required: row.required,
    });
  }
  return {
    enabled: form.enabled,
    adminCanAssignGroups: form.adminCanAssignGroups,
    fields: fields.slice(0, MAX_SIGNUP_FIELDS),
  };
}

/** One row of the editor as it shows: the stored field, or what was posted when it had errors. */
export interface SignupFieldRow {
  id: string;
  label: string;
  type: string;
  values: string;
  regex: string;
  helpText: string;
  required: boolean;
  remove: boolean;
}

/** The editor's rows: each stored field, then an empty row that adds one. */
export function rowsFromSettings(settings: SignupSettings): SignupFieldRow[] {
  return [
    ...settings.fields.map((field) => ({
      id: field.id,
      label: field.label,
      type: field.type,
      values: field.values.join("\n"),
      regex: field.validation.regex,
      helpText: field.validation.helpText,
      required: field.required,
      remove: false,
    })),
    {
      id: "",
      label: "",
      type: "text",
      values: "",
      regex: "",
      helpText: "",
      required: false,
      remove: false,
    },
  ];
}

/** The rows as they were posted (the form shown again with its errors). */
export function rowsFromPosted(values: Record<string, unknown>): SignupFieldRow[] {
  const gathered = fieldRowsFromValues(values).fields as Record<string, unknown>[];
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return gathered.slice(0, MAX_SIGNUP_FIELDS + 1).map((row) => ({
    id: text(row.id),
    label: text(row.label),
    type: text(row.type) || "text",
    values: text(row.values),
    regex: text(row.regex),
    helpText: text(row.helpText),
    required: row.required === "on" || row.required === "true",
    remove: row.remove === "on" || row.remove === "true",
  }));
}
