import { z } from "zod";
import { readWallTime } from "~/models/locale/zone-clock";
import { keyed } from "~/models/locale/keyed";

/*
 * What an inviter sends (spec 002 sections 3 and 5, "Invitations"), one schema for the invite
 * wizard's form and the API's JSON. The form says which kind it is; the API says it by what it
 * sends (link: true, an organizationDomain, or emails). Both end as one InvitationInput.
 */

export const INVITATION_KINDS = ["user", "organization", "link"] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** The spec's "standard address or bracketed IP form". */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;
/** The spec's domain: at least two dot-separated labels ending in letters. */
export const DOMAIN_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const MAX_EMAIL_LENGTH = 254;
/** Addresses one request may invite; a longer list is refused, not cut. */
export const MAX_ADDRESSES = 100;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_GROUPS = 100;

export const isEmail = (value: string) =>
  value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
export const isDomain = (value: string) => value.length <= 253 && DOMAIN_PATTERN.test(value);

/*
 * The messages of spec 002 section 5, by the names the spec gives them, keyed (decision 104):
 * a list names at most five addresses and says how many more.
 */
const listed = (addresses: readonly string[]) => ({
  addresses: addresses.slice(0, 5).map(clip).join(", "),
  more: Math.max(0, addresses.length - 5),
});

export const INVITATION_MESSAGES = {
  emailNotValid: (addresses: string[]) =>
    keyed("people.invite.validation.notValid", { count: addresses.length, ...listed(addresses) }),
  emailInList: (addresses: string[]) => keyed("people.invite.validation.inList", listed(addresses)),
  emailNotValidAndInList: (invalid: string[], repeated: string[]) => {
    const again = listed(repeated);
    return keyed("people.invite.validation.notValidAndInList", {
      count: invalid.length,
      ...listed(invalid),
      repeated: again.addresses,
      repeatedMore: again.more,
    });
  },
  emailListEmpty: keyed("people.invite.validation.listEmpty"),
  tooManyAddresses: keyed("people.invite.validation.tooManyAddresses", { max: MAX_ADDRESSES }),
  domainNotValid: keyed("people.invite.validation.domain"),
  oneKindOnly: keyed("people.invite.validation.oneKind"),
} as const;

function clip(value: string) {
  return value.length > 60 ? `${value.slice(0, 57)}…` : value;
}

/** Pasted or typed text as addresses: split at commas, semicolons, spaces and new lines. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * What a paste adds to the addresses already listed (spec 002: "only valid, new ones are
 * added"), compared without regard to case.
 */
export function addressesToAdd(listed: readonly string[], pasted: string): string[] {
  const seen = new Set(listed.map((a) => a.toLowerCase()));
  const added: string[] = [];
  for (const address of splitAddresses(pasted)) {
    const key = address.toLowerCase();
    if (!isEmail(address) || seen.has(key)) continue;
    seen.add(key);
    added.push(address);
  }
  return added;
}

/** The problem of a list of addresses, by the spec's names; null when it is fine. */
export function addressProblem(addresses: readonly string[]): string | null {
  if (addresses.length === 0) return INVITATION_MESSAGES.emailListEmpty;
  if (addresses.length > MAX_ADDRESSES) return INVITATION_MESSAGES.tooManyAddresses;
  const invalid = addresses.filter((a) => !isEmail(a));
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const address of addresses) {
    const key = address.toLowerCase();
    if (seen.has(key) && !repeated.some((r) => r.toLowerCase() === key)) repeated.push(address);
    seen.add(key);
  }
  if (invalid.length > 0 && repeated.length > 0)
    return INVITATION_MESSAGES.emailNotValidAndInList(invalid, repeated);
  if (invalid.length > 0) return INVITATION_MESSAGES.emailNotValid(invalid);
  if (repeated.length > 0) return INVITATION_MESSAGES.emailInList(repeated);
  return null;
}

/*
 * The message may arrive as HTML (the spec's client sends HTML). Arkiv keeps it as plain text and
 * escapes it wherever it is shown: tags are dropped, line breaks kept, entities read. Nothing of
 * the markup survives, so nothing in it can run.
 */
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

export function messageAsText(value: string): string {
  if (!/[<&]/.test(value)) return value.replace(/\r\n?/g, "\n").trim();
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/<\s*(script|style)\b[\s\S]*?<\s*\/\s*\1\s*>/gi, "")
    .replace(/<\s*br\s*\/?\s*>/gi, "\n")
    .replace(/<\s*\/\s*(p|div|li|h[1-6])\s*>/gi, "\n")
    .replace(/<\/?[A-Za-z!][^>]*>?/g, "")
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A group's href as the API writes it; the wizard posts the same hrefs. */
export const GROUP_HREF = /^\/fotoweb\/api\/groups\/(\d{1,15})\/?$/;
export const groupHref = (id: number) => `/fotoweb/api/groups/${id}`;

const asList = (value: unknown) =>
  value === undefined || value === null || value === ""
    ? []
    : typeof value === "string"
      ? [value]
      : value;

const useAtMost = (max: number) => keyed("validation.text.useAtMost", { max });
const EXPIRY_FORMAT = keyed("people.invite.validation.expiryFormat");
const TOO_MANY_GROUPS = keyed("people.invite.validation.tooManyGroups", { max: MAX_GROUPS });

const text = (max: number, message: string) =>
  z.preprocess(
    (v) => v ?? "",
    z.string({ invalid_type_error: "Give this as text" }).max(max, message),
  );

/**
 * Either a date (the end of that day on `timeZone`'s clock, decision 117) or an instant; must lie
 * in the future.
 */
const expiresIn = (timeZone: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .string({ invalid_type_error: EXPIRY_FORMAT })
      .max(40)
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return null;
        const date = readWallTime(timeZone, value);
        if (!date) {
          ctx.addIssue({ code: "custom", message: EXPIRY_FORMAT });
          return z.NEVER;
        }
        if (date.getTime() <= Date.now()) {
          ctx.addIssue({ code: "custom", message: keyed("people.invite.validation.expiryPast") });
          return z.NEVER;
        }
        return date.toISOString();
      }),
  );

// Checked with the other rules (checkKind), so a bad href does not hide the other fields' errors.
const groupsSchema = z.preprocess(
  asList,
  z
    .array(z.string({ invalid_type_error: "Give each group as a group href" }).max(200), {
      invalid_type_error: "Give the groups as a list of group hrefs",
    })
    .max(MAX_GROUPS * 10, TOO_MANY_GROUPS),
);

/** Addresses as the form (one text) or the API (a list) sends them. */
const emailsSchema = z.preprocess(
  (v) =>
    typeof v === "string"
      ? splitAddresses(v)
      : Array.isArray(v)
        ? v.map((a) => (typeof a === "string" ? a.trim() : a))
        : v === undefined || v === null
          ? []
          : v,
  z
    .array(z.string({ invalid_type_error: "Give each e-mail address as text" }).max(1000), {
      invalid_type_error: "Give the e-mail addresses as a list",
    })
    // A list this long is refused before each entry is looked at.
    .max(MAX_ADDRESSES * 10, INVITATION_MESSAGES.tooManyAddresses),
);

const commonFieldsIn = (timeZone: string) => ({
  emails: emailsSchema,
  organizationDomain: text(300, INVITATION_MESSAGES.domainNotValid).transform((d) =>
    d.trim().toLowerCase(),
  ),
  message: text(MAX_MESSAGE_LENGTH * 4, useAtMost(MAX_MESSAGE_LENGTH)),
  description: text(MAX_DESCRIPTION_LENGTH * 40, useAtMost(MAX_DESCRIPTION_LENGTH)).transform((d) =>
    d.trim(),
  ),
  groups: groupsSchema,
  expires: expiresIn(timeZone),
});

export interface InvitationInput {
  kind: InvitationKind;
  emails: string[];
  organizationDomain: string | null;
  message: string;
  description: string;
  groupIds: number[];
  expiresAt: string | null;
}

type Fields = {
  kind: InvitationKind;
  emails: string[];
  organizationDomain: string;
  message: string;
  description: string;
  groups: string[];
  expires: string | null;
};

/** The rules of each kind, every problem at once by its field. */
function checkKind(input: Fields, ctx: z.RefinementCtx) {
  if (input.kind === "user") {
    const problem = addressProblem(input.emails);
    if (problem) ctx.addIssue({ code: "custom", path: ["emails"], message: problem });
  }
  if (input.kind === "organization" && !isDomain(input.organizationDomain))
    ctx.addIssue({
      code: "custom",
      path: ["organizationDomain"],
      message: INVITATION_MESSAGES.domainNotValid,
    });
  if (input.description.length > MAX_DESCRIPTION_LENGTH)
    ctx.addIssue({
      code: "custom",
      path: ["description"],
      message: useAtMost(MAX_DESCRIPTION_LENGTH),
    });
  const badGroup = input.groups.find((h) => !GROUP_HREF.test(h));
  if (badGroup !== undefined)
    ctx.addIssue({
      code: "custom",
      path: ["groups"],
      message: keyed("people.invite.validation.notGroupHref", { value: clip(badGroup) }),
    });
  else if (new Set(input.groups).size > MAX_GROUPS)
    ctx.addIssue({
      code: "custom",
      path: ["groups"],
      message: TOO_MANY_GROUPS,
    });
  const message = messageAsText(input.message);
  if (message.length > MAX_MESSAGE_LENGTH)
    ctx.addIssue({
      code: "custom",
      path: ["message"],
      message: useAtMost(MAX_MESSAGE_LENGTH),
    });
}

const toInput = (input: Fields): InvitationInput => ({
  kind: input.kind,
  emails: input.kind === "user" ? input.emails : [],
  organizationDomain: input.kind === "organization" ? input.organizationDomain : null,
  message: messageAsText(input.message),
  description: input.description,
  // Runs after a failed check too (zod transforms dirty results): keep only what parses.
  groupIds: [
    ...new Set(
      input.groups.flatMap((h) => {
        const match = GROUP_HREF.exec(h);
        return match ? [Number(match[1])] : [];
      }),
    ),
  ],
  expiresAt: input.expires,
});

/**
 * The invite wizard's form: the kind is chosen, the fields of the other kinds are ignored; its
 * expiry day is read on the person's clock.
 */
export const invitationFormSchemaIn = (timeZone: string) =>
  z
    .object({
      kind: z.enum(INVITATION_KINDS, {
        errorMap: () => ({ message: keyed("people.invite.validation.chooseKind") }),
      }),
      ...commonFieldsIn(timeZone),
    })
    .superRefine(checkKind)
    .transform(toInput);

/** The API's body (spec 002 section 3, Invitation request). */
export const invitationRequestSchema = z
  .object({
    link: z.preprocess(
      (v) => (v === "true" ? true : v === "false" || v === undefined || v === null ? false : v),
      z.boolean({ invalid_type_error: "Give link as true or false" }),
    ),
    // A program's expiry without an offset is UTC's.
    ...commonFieldsIn("UTC"),
  })
  .transform((body, ctx): Fields => {
    const kinds = [body.link, body.organizationDomain !== "", body.emails.length > 0].filter(
      Boolean,
    ).length;
    if (kinds > 1)
      ctx.addIssue({
        code: "custom",
        path: ["organizationDomain"],
        message: INVITATION_MESSAGES.oneKindOnly,
      });
    const kind: InvitationKind = body.link
      ? "link"
      : body.organizationDomain !== ""
        ? "organization"
        : "user";
    const { link: _link, ...rest } = body;
    return { kind, ...rest };
  })
  .superRefine(checkKind)
  .transform(toInput);

/** The manager's revoke form. */
export const revokeFormSchema = z.object({
  intent: z.literal("revoke", { errorMap: () => ({ message: "Unknown action" }) }),
  id: z.coerce
    .number({ invalid_type_error: "Unknown invitation" })
    .int("Unknown invitation")
    .positive("Unknown invitation")
    .max(2 ** 31),
});

/** A user name as the site owner's is checked (env ADMIN_USERNAME). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** The redeem form: the account the invited person makes. */
export const redeemSchema = z.object({
  firstName: text(100, useAtMost(100)).pipe(
    z.string().trim().min(1, keyed("people.redeem.validation.firstName")),
  ),
  lastName: text(100, useAtMost(100)).pipe(
    z.string().trim().min(1, keyed("people.redeem.validation.lastName")),
  ),
  email: text(MAX_EMAIL_LENGTH + 50, keyed("people.redeem.validation.email")).pipe(
    z
      .string()
      .trim()
      .min(1, keyed("people.redeem.validation.enterEmail"))
      .refine(isEmail, keyed("people.redeem.validation.email")),
  ),
  username: text(200, useAtMost(64)).pipe(
    z
      .string()
      .trim()
      .min(1, keyed("people.redeem.validation.chooseUsername"))
      .max(64, useAtMost(64))
      .regex(USERNAME_PATTERN, keyed("people.redeem.validation.username")),
  ),
  password: text(256, useAtMost(256)).pipe(
    z.string().min(8, keyed("validation.text.useAtLeast", { min: 8 })),
  ),
});

export type RedeemInput = z.output<typeof redeemSchema>;

/** The secret part of an invitation link: 32 bytes, base64url. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface GroupChoice {
  id: number;
  name: string;
  href: string;
}

/**
 * The invite wizard's state between its steps. Without JavaScript each step is a post whose
 * answer is the next state; with it the same state lives in the page and only the last step posts.
 * A refusal's errors are not part of it: they come in the form reply beside it.
 */
export interface InviteWizardState {
  step: "recipients" | "groups";
  kind: InvitationKind;
  emails: string;
  organizationDomain: string;
  message: string;
  description: string;
  expires: string;
  groups: GroupChoice[];
  query: string;
  results: GroupChoice[];
}
