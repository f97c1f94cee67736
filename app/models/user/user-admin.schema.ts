import { z } from "zod";
import { newPasswordSchema, PASSWORD_MAX, USERNAME_MAX } from "~/models/auth/auth.schema";
import { LICENSE_LEVELS, LICENSE_MODES, type LicenseLevel, type LicenseMode } from "./license";
import { BULK_KINDS, type BulkKind } from "~/utils/user-links";
import { hasUnsafeLineCharacter, hasUnsafeTextCharacter } from "~/models/validation/text.schema";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";

/*
 * Administration of people (spec 002 "Users", decision 034): the one schema of a user's editable
 * fields, named as the reference's User names them (`username`, `address.givenName`,
 * `account.isEnabled`, `license.level`, ...). The editor page posts fields under those very names
 * and the API sends them as JSON, so a refusal names the same field on both. Browser-safe: the
 * editor validates with it before sending.
 */

export const GENERATED_PASSWORD_LENGTH = 32;
export const USER_PAGE_SIZE = 25;
export const MAX_USER_PAGE_SIZE = 100;
export const MAX_BULK_USERS = 1000;
export const MAX_PROPERTIES = 100;
const TEXT_MAX = 500;
const DESCRIPTION_MAX = 4000;

/** Payment methods (spec 002 section 9), by the reference's names and the spec's codes. */
export const PAYMENT_METHODS = { NoCharge: 1, Invoice: 2, CreditCard: 4, ManualAccept: 8 } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageId> = {
  NoCharge: "people.user.payment.NoCharge",
  Invoice: "people.user.payment.Invoice",
  CreditCard: "people.user.payment.CreditCard",
  ManualAccept: "people.user.payment.ManualAccept",
};

export const LICENSE_LEVEL_NAMES = Object.keys(LICENSE_LEVELS) as LicenseLevel[];
export const LICENSE_MODE_NAMES = Object.keys(LICENSE_MODES) as LicenseMode[];

/** The rest of the API's Address, kept as JSON beside the columns the grid sorts by. */
export interface AddressDetails {
  title: string;
  middleName: string;
  profession: string;
  businessType: string;
  streetAddress: string[];
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
  fax: string;
  homepage: string;
}
export const ADDRESS_TEXT_KEYS = [
  "title",
  "middleName",
  "profession",
  "businessType",
  "city",
  "state",
  "zipCode",
  "country",
  "phone",
  "fax",
  "homepage",
] as const;

export interface Commerce {
  accountId: string;
  paymentMethod: number;
  category: string;
  discount: number;
}

export interface Property {
  key: string;
  value: string;
}
export interface ExternalId {
  provider: string;
  id: string;
}

/** One person's whole record as the model holds it. */
export interface UserRecord {
  id: number;
  username: string;
  description: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  organization: string;
  address: AddressDetails;
  commerce: Commerce;
  licenseLevel: number;
  licenseMode: number;
  isEnabled: boolean;
  expires: string | null;
  lastLoginDate: string | null;
  hasPassword: boolean;
  forcePasswordChange: boolean;
  properties: Property[];
  externalIds: ExternalId[];
  revision: number;
  created: string;
  modified: string | null;
  isSiteOwner: boolean;
  isGuest: boolean;
}

/** What a save changes; an absent key is left as it is. */
export interface UserChanges {
  username?: string;
  description?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  organization?: string;
  address?: Partial<AddressDetails>;
  commerce?: Partial<Commerce>;
  licenseLevel?: number;
  licenseMode?: number;
  isEnabled?: boolean;
  expires?: string | null;
  password?: string;
  deletePassword?: boolean;
  forcePasswordChange?: boolean;
  properties?: Property[];
  externalIds?: ExternalId[];
}

// --- field rules -------------------------------------------------------------------------------

/** "Standard address or bracketed IP form" (spec 002 section 5). */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/;
export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);

/** "{label} is a required field.", keyed (decision 104); the label may itself be keyed. */
export const requiredMessage = (label: string) => keyed("people.validation.required", { label });

const enterText = keyed("validation.text.enterText");
const atMost = (max: number) => keyed("validation.text.useAtMost", { max });

// Every text of a user is one line but the description (decision 070).
const text = (max = TEXT_MAX) =>
  z
    .string({ invalid_type_error: enterText })
    .trim()
    .max(max, atMost(max))
    .refine((v) => !hasUnsafeLineCharacter(v), keyed("validation.text.lineUnsafe"));
const multiline = (max: number) =>
  z
    .string({ invalid_type_error: enterText })
    .trim()
    .max(max, atMost(max))
    .refine((v) => !hasUnsafeTextCharacter(v), keyed("validation.text.multilineUnsafe"));

const bool = z.preprocess(
  (v) => (v === "on" || v === "true" ? true : v === "false" || v === "off" ? false : v),
  z.boolean({ invalid_type_error: keyed("people.validation.chooseYesNo") }),
);

const byName = <T extends Record<string, number>>(table: T, message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === "string" && v in table) return table[v];
      if (typeof v === "string" && /^\d+$/.test(v)) return Number(v);
      return v;
    },
    z
      .number({ invalid_type_error: message })
      .refine((n) => Object.values(table).includes(n), message),
  );

const licenseLevel = byName(LICENSE_LEVELS, keyed("people.validation.chooseLicenseLevel"));
const licenseMode = byName(LICENSE_MODES, keyed("people.validation.chooseLicenseMode"));
const paymentMethod = byName(PAYMENT_METHODS, keyed("people.validation.choosePaymentMethod"));

const discount = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim().replace(",", ".")) : v),
  z
    .number({ invalid_type_error: keyed("people.validation.enterNumber") })
    .finite(keyed("people.validation.enterNumber"))
    .min(0, keyed("people.validation.discountRange"))
    .max(100, keyed("people.validation.discountRange")),
);

/** An expiry: an instant, a date (the account works through that day, UTC), or empty/null. */
const expires = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string({ invalid_type_error: keyed("people.validation.enterDate") })
    .trim()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const day = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.000Z` : v;
      const at = new Date(day);
      if (v.length > 40 || Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) {
        ctx.addIssue({ code: "custom", message: keyed("people.validation.enterDate") });
        return z.NEVER;
      }
      return at.toISOString();
    }),
);

const propertyList = z
  .array(
    z.object({
      key: text(100).default(""),
      value: z.string().max(2000, atMost(2000)).default(""),
    }),
    { invalid_type_error: "Send a list of {key, value}." },
  )
  .max(MAX_PROPERTIES, keyed("people.validation.tooManyProperties", { max: MAX_PROPERTIES }))
  // Rows with an empty key or value are dropped when collected (spec 002, custom properties).
  .transform((rows) => rows.filter((r) => r.key !== "" && r.value !== ""))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.key.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          message: keyed("people.validation.keyTwice", { key: row.key }),
        });
      seen.add(key);
    }
  });

const externalIdList = z
  .array(z.object({ provider: text(200), id: text(500) }), {
    invalid_type_error: "Send a list of {provider, id}.",
  })
  .max(50, "At most 50 external ids.");

const addressSchema = z
  .object({
    givenName: text(100),
    surname: text(100),
    middleName: text(100),
    email: text(254),
    organization: text(200),
    title: text(),
    profession: text(),
    businessType: text(),
    streetAddress: z.array(text()).max(4, keyed("people.validation.tooManyAddressLines")),
    city: text(),
    state: text(),
    zipCode: text(50),
    country: text(),
    phone: text(100),
    fax: text(100),
    homepage: text(2000),
  })
  .partial();

/**
 * A user as the API and the editor send it (reference User; every key optional here, the mode
 * decides which are required). Read-only keys (id, created, fullName, permissions, ...) are
 * dropped; ownership changes only through the site-owner resource.
 */
const userBodyObject = z.object({
  revision: z.coerce
    .number({ invalid_type_error: keyed("people.validation.reloadUser") })
    .int()
    .min(0)
    .optional(),
  username: text(USERNAME_MAX).optional(),
  description: multiline(DESCRIPTION_MAX).optional(),
  address: addressSchema.optional(),
  license: z.object({ level: licenseLevel.optional(), mode: licenseMode.optional() }).optional(),
  commerce: z
    .object({
      accountId: text(200).optional(),
      paymentMethod: paymentMethod.optional(),
      category: text(200).optional(),
      discount: discount.optional(),
    })
    .optional(),
  account: z
    .object({
      password: z.string().max(PASSWORD_MAX, atMost(PASSWORD_MAX)).optional(),
      confirmPassword: z.string().max(PASSWORD_MAX).optional(),
      deletePassword: bool.optional(),
      forcePasswordChange: bool.optional(),
      isEnabled: bool.optional(),
      expires: expires.optional(),
      externalIds: externalIdList.optional(),
    })
    .optional(),
  properties: propertyList.optional(),
});

export type UserBody = z.infer<typeof userBodyObject>;

/** create: a new user; replace: PUT's whole record; patch: only what is sent. */
export type UserBodyMode = "create" | "replace" | "patch";

const REQUIRED: [string[], string][] = [
  [["username"], keyed("people.user.field.username")],
  [["address", "givenName"], keyed("people.user.field.givenName")],
  [["address", "surname"], keyed("people.user.field.surname")],
  [["address", "email"], keyed("people.user.field.email")],
];

/** The rules across fields, read from what was sent (so they report even when a type is wrong). */
function crossFieldIssues(raw: unknown, mode: UserBodyMode): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const at = (path: string[]) => {
    let node: unknown = raw;
    for (const key of path) node = isObject(node) ? node[key] : undefined;
    return typeof node === "string" ? node.trim() : node;
  };
  for (const [path, label] of REQUIRED) {
    const value = at(path);
    // Sent blank is refused in every mode; absent only where the whole record is sent.
    if ((value === undefined && mode !== "patch") || value === "" || value === null)
      issues.push({ path, message: requiredMessage(label) });
  }
  const email = at(["address", "email"]);
  if (typeof email === "string" && email !== "" && !isEmail(email))
    issues.push({
      path: ["address", "email"],
      message: keyed("people.validation.email"),
    });
  const password =
    at(["account", "password"]) === undefined ? undefined : valueAt(raw, ["account", "password"]);
  const confirm = valueAt(raw, ["account", "confirmPassword"]);
  if (typeof password === "string" && password !== "") {
    const checked = newPasswordSchema.safeParse(password);
    if (!checked.success)
      issues.push({ path: ["account", "password"], message: checked.error.issues[0]!.message });
  }
  if (confirm !== undefined && (password ?? "") !== confirm)
    issues.push({
      path: ["account", "confirmPassword"],
      message: keyed("people.validation.passwordsDiffer"),
    });
  const deletePassword = valueAt(raw, ["account", "deletePassword"]);
  if (password && (deletePassword === true || deletePassword === "on" || deletePassword === "true"))
    issues.push({
      path: ["account", "deletePassword"],
      message: keyed("people.validation.setOrDeletePassword"),
    });
  return issues;
}

function valueAt(raw: unknown, path: string[]): unknown {
  let node: unknown = raw;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return node;
}

/**
 * The user body for a mode, every message at once: the type of each field and the rules across
 * fields (required names, a valid e-mail, the password and its confirmation) are both reported.
 */
export function userBodySchema(mode: UserBodyMode) {
  return z.unknown().transform((raw, ctx): UserBody => {
    const parsed = userBodyObject.safeParse(raw);
    const seen = new Set<string>();
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        seen.add(issue.path.join("."));
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    for (const issue of crossFieldIssues(raw, mode))
      if (!seen.has(issue.path.join("."))) ctx.addIssue({ code: "custom", ...issue });
    return parsed.success ? parsed.data : z.NEVER;
  });
}

/** The changes a valid body asks for, in the model's terms. An empty password asks nothing. */
export function changesOfBody(body: UserBody): UserChanges {
  const changes: UserChanges = {};
  const a = body.address;
  if (body.username !== undefined) changes.username = body.username;
  if (body.description !== undefined) changes.description = body.description;
  if (a?.givenName !== undefined) changes.firstName = a.givenName;
  if (a?.surname !== undefined) changes.lastName = a.surname;
  if (a?.email !== undefined) changes.email = a.email;
  if (a?.organization !== undefined) changes.organization = a.organization;
  if (a) {
    const rest: Partial<AddressDetails> = {};
    for (const key of ADDRESS_TEXT_KEYS) if (a[key] !== undefined) rest[key] = a[key];
    if (a.streetAddress !== undefined) {
      // The editor always posts four lines; trailing empty ones are not lines.
      const lines = a.streetAddress.map((l) => l ?? "");
      while (lines.length > 0 && lines.at(-1) === "") lines.pop();
      rest.streetAddress = lines;
    }
    if (Object.keys(rest).length > 0) changes.address = rest;
  }
  if (body.license?.level !== undefined) changes.licenseLevel = body.license.level;
  if (body.license?.mode !== undefined) changes.licenseMode = body.license.mode;
  if (body.commerce) {
    const c = Object.fromEntries(
      Object.entries(body.commerce).filter(([, v]) => v !== undefined),
    ) as Partial<Commerce>;
    if (Object.keys(c).length > 0) changes.commerce = c;
  }
  const account = body.account;
  if (account?.isEnabled !== undefined) changes.isEnabled = account.isEnabled;
  if (account?.expires !== undefined) changes.expires = account.expires;
  if (account?.forcePasswordChange !== undefined)
    changes.forcePasswordChange = account.forcePasswordChange;
  if (account?.password) changes.password = account.password;
  if (account?.deletePassword) changes.deletePassword = true;
  if (account?.externalIds !== undefined) changes.externalIds = account.externalIds;
  if (body.properties !== undefined) changes.properties = body.properties;
  return changes;
}

/*
 * The spec's client names some keys otherwise (002 section 3, "User (full)"): firstName,
 * lastName, initial, streetAddress1-4, propertyBag, externalIDs, numeric license and payment
 * codes. They are read as the reference's names, so either client is understood.
 */
export function normalizeUserBody(input: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...input };
  const address = isObject(body.address) ? { ...body.address } : undefined;
  if (address) {
    rename(address, "firstName", "givenName");
    rename(address, "lastName", "surname");
    rename(address, "initial", "middleName");
    const lines = [1, 2, 3, 4].map((n) => address[`streetAddress${n}`]);
    if (lines.some((l) => l !== undefined) && address.streetAddress === undefined) {
      const kept = lines.map((l) => (typeof l === "string" ? l : ""));
      while (kept.length > 0 && kept.at(-1) === "") kept.pop();
      address.streetAddress = kept;
    }
    for (const n of [1, 2, 3, 4]) delete address[`streetAddress${n}`];
    body.address = address;
  }
  if (body.company !== undefined) {
    body.address = { ...(isObject(body.address) ? body.address : {}), organization: body.company };
    delete body.company;
  }
  rename(body, "propertyBag", "properties");
  if (isObject(body.account)) {
    const account = { ...body.account };
    rename(account, "externalIDs", "externalIds");
    body.account = account;
  }
  return body;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function rename(object: Record<string, unknown>, from: string, to: string) {
  if (object[from] !== undefined && object[to] === undefined) object[to] = object[from];
  delete object[from];
}

/**
 * A posted form's flat names (`address.givenName`, `address.streetAddress[1]`,
 * `properties[0].key`) as the nested body the schema reads.
 */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function unflatten(values: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const parts = name.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== "");
    // Only own keys, never the prototype's: a posted name cannot reach Object.prototype.
    if (parts.length === 0 || parts.length > 4 || parts.some((p) => UNSAFE_KEYS.has(p))) continue;
    if (parts.some((p) => /^\d+$/.test(p) && Number(p) > MAX_PROPERTIES)) continue;
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      if (last) node[part] = value;
      else {
        if (!Object.hasOwn(node, part) || typeof node[part] !== "object" || node[part] === null)
          node[part] = nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

// --- lists -------------------------------------------------------------------------------------

export const USER_SORT_FIELDS = [
  "id",
  "username",
  "firstName",
  "lastName",
  "fullName",
  "licenseLevel",
  "company",
  "expires",
  "lastLogin",
  "enabled",
  "email",
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** The list's query: search, sort (spec 002 section 7: q, sortfield, sortdir) and page. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(200, "Search for at most 200 characters.").catch("").default(""),
  sortfield: z.enum(USER_SORT_FIELDS).catch("username").default("username"),
  sortdir: z.enum(["asc", "desc"]).catch("asc").default("asc"),
  p: z.coerce.number().int().min(0).max(100_000).catch(0).default(0),
  n: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_USER_PAGE_SIZE)
    .catch(USER_PAGE_SIZE)
    .default(USER_PAGE_SIZE),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** GET /fotoweb/api/users/count's filters (reference User_CountAllUsers). */
export const userCountQuerySchema = z.object({
  licenseLevel: z.enum(LICENSE_LEVEL_NAMES as [LicenseLevel, ...LicenseLevel[]]).optional(),
  licenseMode: z.enum(LICENSE_MODE_NAMES as [LicenseMode, ...LicenseMode[]]).optional(),
  isSso: z.enum(["true", "false"]).optional(),
  ssoProvider: z.string().max(200).optional(),
});
export type UserCountQuery = z.infer<typeof userCountQuerySchema>;

/** A user's href, as the applications and the lists write it. */
export const userHrefOf = (id: number) => `/fotoweb/api/users/${id}`;

/** The id of a user's href (the API's or a bare id); null for anything else. */
export function userIdOfHref(value: string): number | null {
  const match = /^(?:\/fotoweb\/api\/users\/)?(\d{1,9})\/?$/.exec(value.trim());
  return match ? Number(match[1]) : null;
}

const hrefList = z.preprocess(
  (v) => (typeof v === "string" ? [v] : v),
  z
    .array(z.string().max(200), { invalid_type_error: "Send the users as a list of hrefs." })
    .min(1, keyed("people.validation.chooseUser"))
    .max(MAX_BULK_USERS, keyed("people.validation.tooManyUsers", { max: MAX_BULK_USERS }))
    .transform((hrefs, ctx) => {
      const ids = hrefs.map(userIdOfHref);
      if (ids.some((id) => id === null)) {
        ctx.addIssue({ code: "custom", message: "Each user must be a user's href." });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    }),
);

/** Several users changed at once: company, license and mode, access, expiry (spec 002). */
export interface BulkChanges {
  organization?: string;
  licenseLevel?: number;
  licenseMode?: number;
  isEnabled?: boolean;
  expires?: string | null;
}

export const bulkEditSchema = z
  .object({
    data: z.preprocess((v) => (isObject(v) ? normalizeUserBody(v) : v), userBodySchema("patch")),
    users: hrefList,
  })
  .transform((value, ctx) => {
    const changes = changesOfBody(value.data);
    const bulk: BulkChanges = {};
    const { organization, licenseLevel, licenseMode, isEnabled, expires, ...rest } = changes;
    if (Object.keys(rest).length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["data"],
        message: keyed("people.validation.bulkFieldsOnly"),
      });
      return z.NEVER;
    }
    Object.assign(bulk, { organization, licenseLevel, licenseMode, isEnabled, expires });
    for (const key of Object.keys(bulk) as (keyof BulkChanges)[])
      if (bulk[key] === undefined) delete bulk[key];
    if (Object.keys(bulk).length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["data"],
        message: keyed("people.validation.chooseChange"),
      });
      return z.NEVER;
    }
    return { changes: bulk, userIds: value.users };
  });

export const bulkDeleteSchema = z.object({ users: hrefList });

const noChange = (v: unknown) => (v === "" || v === undefined ? undefined : v);

/**
 * The bulk dialogs' one flat form (spec 002): the dialog's kind, the chosen users (one hidden
 * field each) and the one setting it changes; license and mode left empty change nothing. The
 * dialog checks it in the browser (remix-validated-form) and the page's action on the server.
 */
export const bulkDialogSchema = z
  .object({
    kind: z.enum(BULK_KINDS as [BulkKind, ...BulkKind[]]),
    users: z.preprocess(
      (v) => (typeof v === "string" ? [v] : (v ?? [])),
      z
        .array(z.string().regex(/^\d{1,9}$/, keyed("people.validation.usersFromList")))
        .min(1, keyed("people.validation.chooseUser"))
        .max(MAX_BULK_USERS, keyed("people.validation.tooManyUsers", { max: MAX_BULK_USERS })),
    ),
    company: z.string().trim().max(200, atMost(200)).optional(),
    licenseLevel: z.preprocess(
      noChange,
      z.enum(Object.keys(LICENSE_LEVELS) as [string]).optional(),
    ),
    licenseMode: z.preprocess(noChange, z.enum(Object.keys(LICENSE_MODES) as [string]).optional()),
    isEnabled: z
      .enum(["true", "false"], { message: keyed("people.validation.chooseAccess") })
      .optional(),
    expires: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, keyed("people.validation.enterDateOrEmpty"))
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "license" && !v.licenseLevel && !v.licenseMode)
      ctx.addIssue({
        code: "custom",
        path: ["licenseLevel"],
        message: keyed("people.validation.chooseLicenseChange"),
      });
    if (v.kind === "access" && v.isEnabled === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["isEnabled"],
        message: keyed("people.validation.chooseAccess"),
      });
  });
export type BulkDialogInput = z.output<typeof bulkDialogSchema>;

export const siteOwnerSchema = z.object({
  user: z
    .string({ required_error: keyed("people.validation.chooseSiteOwner") })
    .max(200)
    .transform((v, ctx) => {
      const id = userIdOfHref(v);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: keyed("people.validation.chooseSiteOwner") });
        return z.NEVER;
      }
      return id;
    }),
});

/** PUT/POST member-of (reference MembershipIdListModel). */
export const membershipSchema = z.object({
  groups: z
    .array(z.coerce.number().int().min(1).max(2_147_483_647), {
      invalid_type_error: "Send the groups as a list of ids.",
      required_error: "Send the groups as a list of ids.",
    })
    .max(500, "At most 500 groups."),
});

export const enabledSchema = z.object({
  value: z.boolean({
    required_error: "Send {value: true} or {value: false}.",
    invalid_type_error: "Send {value: true} or {value: false}.",
  }),
});

/** The users grid's columns (spec 002: checkbox, these, row actions). */
export const USER_GRID_COLUMNS = [
  "id",
  "username",
  "firstName",
  "lastName",
  "fullName",
  "licenseLevel",
  "company",
  "expires",
  "lastLogin",
  "enabled",
] as const;
export type UserGridColumn = (typeof USER_GRID_COLUMNS)[number];
export const USER_GRID_COLUMN_LABELS: Record<UserGridColumn, MessageId> = {
  id: "people.users.column.id",
  username: "people.user.field.username",
  firstName: "people.user.field.givenName",
  lastName: "people.user.field.surname",
  fullName: "people.users.column.fullName",
  licenseLevel: "people.user.field.licenseLevel",
  company: "people.user.field.organization",
  expires: "people.user.field.expires",
  lastLogin: "people.users.column.lastLogin",
  enabled: "people.users.column.enabled",
};
/** Hidden until a person shows them (spec 002). */
export const DEFAULT_HIDDEN_COLUMNS: readonly UserGridColumn[] = [
  "id",
  "firstName",
  "lastName",
  "licenseLevel",
  "company",
  "expires",
  "lastLogin",
  "enabled",
];

export const gridColumnsSchema = z.object({
  columns: z.preprocess(
    (v) => (typeof v === "string" ? [v] : (v ?? [])),
    z.array(z.enum(USER_GRID_COLUMNS)).min(1, keyed("people.validation.keepOneColumn")),
  ),
});

/** The users grid's saved columns, read leniently from preferences (shared.userGridSettings). */
export function visibleColumns(shared: Record<string, unknown>): UserGridColumn[] {
  const stored = (shared.userGridSettings as { columns?: unknown } | undefined)?.columns;
  const parsed = z
    .array(z.object({ fieldName: z.string(), isVisible: z.boolean() }))
    .safeParse(stored);
  const hidden = new Set<string>(DEFAULT_HIDDEN_COLUMNS);
  if (parsed.success)
    for (const c of parsed.data) {
      if (c.isVisible) hidden.delete(c.fieldName);
      else hidden.add(c.fieldName);
    }
  const visible = USER_GRID_COLUMNS.filter((c) => !hidden.has(c));
  return visible.length > 0 ? visible : ["username"];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Whether an expiry has passed (the grid highlights it). */
export const isExpired = (iso: string | null, at = new Date()) =>
  iso !== null && new Date(iso).getTime() <= at.getTime();

/** 'DD MMM YYYY' (spec 002 section 9), 'never' for no expiry. */
export function formatUserDate(iso: string | null, empty = "never"): string {
  if (!iso) return empty;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return empty;
  const month = MONTHS[d.getUTCMonth()]!;
  return `${String(d.getUTCDate()).padStart(2, "0")} ${month} ${d.getUTCFullYear()}`;
}
