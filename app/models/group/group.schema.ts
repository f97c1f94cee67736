import { z } from "zod";
import { hasUnsafeLineCharacter, hasUnsafeTextCharacter } from "~/models/validation/text.schema";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";

/*
 * A group's capability flags (the API's GroupPermissions, spec 002 "Group permission flags").
 * The reference's names are kept (uploadToUploadArea where the spec says uploadArea); the spec's
 * flags the reference lacks (the flow pair, FotoStation configurations) sit beside them. A flag
 * absent from the stored JSON is off, so a flag added later starts off for every group.
 */
export const ALBUM_CAPABILITIES = [
  "create",
  "comment",
  "showOnHomepage",
  "shareWithUsers",
  "shareWithGroups",
  "shareWithGuests",
  "restrictToFriends",
  "delegateDownloads",
] as const;
export type AlbumCapability = (typeof ALBUM_CAPABILITIES)[number];

export const SITE_CAPABILITIES = [
  "uploadToUploadArea",
  "api",
  "isInDesignEditor",
  "viewFlows",
  "manageFlows",
  "changeSiteAppearance",
  "approvePendingSignups",
  "manageWebhooks",
  "shareBookmarks",
  "moderateComments",
  "manageAlbums",
  "manageTaxonomies",
  "manageExports",
  "inviteUsers",
  "approveOrders",
  "shareCropAndDownloadPresets",
  "manageUsers",
  "manageAnnotations",
  "manageArchives",
  "manageWorkflows",
  "manageServices",
  "audit",
  "manageSettings",
  "configureConsentForms",
  "manageActivityExports",
  "manageActivityLogging",
  "manageFotostationConfigurations",
] as const;
export type SiteCapability = (typeof SITE_CAPABILITIES)[number];

/** One capability, the album ones spelled as the issue names them ("albums.create"). */
export type Capability = SiteCapability | `albums.${AlbumCapability}`;

export const CAPABILITIES: readonly Capability[] = [
  ...ALBUM_CAPABILITIES.map((c) => `albums.${c}` as const),
  ...SITE_CAPABILITIES,
];

const flag = z.boolean().catch(false).default(false);

export const albumPermissionsSchema = z.object(
  Object.fromEntries(ALBUM_CAPABILITIES.map((c) => [c, flag])) as Record<
    AlbumCapability,
    typeof flag
  >,
);

export const groupPermissionsSchema = z.object({
  albums: albumPermissionsSchema.catch(() => albumPermissionsSchema.parse({})).default({}),
  ...(Object.fromEntries(SITE_CAPABILITIES.map((c) => [c, flag])) as Record<
    SiteCapability,
    typeof flag
  >),
});

export type GroupPermissions = z.infer<typeof groupPermissionsSchema>;

/** The stored JSON read leniently: what does not parse is off. */
export function parseGroupPermissions(json: string): GroupPermissions {
  let value: unknown = {};
  try {
    value = JSON.parse(json);
  } catch {
    // Stored by an older or broken writer: every flag off.
  }
  const parsed = groupPermissionsSchema.safeParse(value);
  return parsed.success ? parsed.data : groupPermissionsSchema.parse({});
}

/** The capabilities a group's flags grant. */
export function grantedCapabilities(permissions: GroupPermissions): Capability[] {
  return [
    ...ALBUM_CAPABILITIES.filter((c) => permissions.albums[c]).map((c) => `albums.${c}` as const),
    ...SITE_CAPABILITIES.filter((c) => permissions[c]),
  ];
}

/*
 * The group editor's and the API's input (spec 002 §3 Group, §5 Groups). One schema serves the
 * JSON body (the reference's Group, nested) and the editor's form (flat fields, the flags as
 * repeated "permissions" values, custom properties as parallel key and value lists), after
 * groupFormToInput has turned the form into the JSON's shape.
 */

export const MAX_GROUP_NAME = 100;
export const MAX_GROUP_DESCRIPTION = 1000;
export const MAX_PROPERTIES = 100;

/** The model's refusal of a group without a name (the API's English). */
export const NAME_REQUIRED = "Name is a required field.";

/* The fields' names in the messages, keyed (decision 104): "Name: use at most 100 characters". */
const NAME = keyed("people.group.field.name");
const DESCRIPTION = keyed("people.group.field.description");
const SAML_NAME = keyed("people.group.field.samlGroupName");

export const LICENSE_LEVEL_NAMES = [
  "None",
  "Portal",
  "Consumer",
  "Contributor",
  "Standard",
  "Plus",
  "Main",
  "Editor",
  "Pro",
] as const;
export const LICENSE_MODE_NAMES = ["Named", "Concurrent"] as const;

const trimmed = (max: number, label: string) =>
  z
    .string({ invalid_type_error: keyed("people.validation.fieldIsText", { label }) })
    .trim()
    .max(max, keyed("people.validation.fieldAtMost", { label, max }));

/** A custom property row; rows with an empty key or value are dropped (spec 002 §5). */
const propertySchema = z.object({
  key: z.string({ invalid_type_error: "A property key must be text" }).trim().max(200),
  value: z.string({ invalid_type_error: "A property value must be text" }).trim().max(2000),
});

export const propertiesSchema = z
  .array(propertySchema, { invalid_type_error: "Give the custom properties as a list" })
  .max(MAX_PROPERTIES, `Give at most ${MAX_PROPERTIES} custom properties`)
  .transform((rows) => rows.filter((r) => r.key !== "" && r.value !== ""))
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.key.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", message: `The property "${row.key}" is given twice` });
      seen.add(key);
    }
  });
export type GroupProperty = z.output<typeof propertySchema>;

export const externalIdsSchema = z
  .array(
    z.object({
      provider: z.string({ invalid_type_error: "A provider must be text" }).trim().min(1).max(200),
      id: z.string({ invalid_type_error: "An external id must be text" }).trim().min(1).max(500),
    }),
    { invalid_type_error: "Give the external ids as a list" },
  )
  .max(MAX_PROPERTIES);
export type ExternalId = z.output<typeof externalIdsSchema>[number];

const flagInput = z.boolean({ invalid_type_error: "A permission is true or false" });

/** A change of flags: only the flags given change (PATCH); unknown flags are refused. */
export const permissionsInputSchema = z
  .object({
    albums: z
      .object(
        Object.fromEntries(ALBUM_CAPABILITIES.map((c) => [c, flagInput.optional()])) as Record<
          AlbumCapability,
          z.ZodOptional<typeof flagInput>
        >,
        { invalid_type_error: "albums must be an object of flags" },
      )
      .strict("Unknown album permission")
      .optional(),
    ...(Object.fromEntries(SITE_CAPABILITIES.map((c) => [c, flagInput.optional()])) as Record<
      SiteCapability,
      z.ZodOptional<typeof flagInput>
    >),
  })
  .strict("Unknown permission");
export type PermissionsInput = z.output<typeof permissionsInputSchema>;

export const licenseInputSchema = z
  .object({
    level: z.enum(LICENSE_LEVEL_NAMES, {
      errorMap: () => ({
        message: keyed("people.validation.groupLicenseLevel", {
          levels: LICENSE_LEVEL_NAMES.join(", "),
        }),
      }),
    }),
    mode: z.enum(LICENSE_MODE_NAMES, {
      errorMap: () => ({ message: keyed("people.validation.groupLicenseMode") }),
    }),
  })
  .partial();

/**
 * A group's fields as a client sends them: each optional, so the same schema reads a creation
 * (name then required by the model), a full replacement and a change of some fields. The
 * read-only fields of the reference's Group (id, created, isBuiltIn, ...) are ignored when sent
 * back; revision, when given, must be the stored one.
 */
export const groupInputSchema = z.object({
  name: z.preprocess(
    (v) => (v === null ? "" : v),
    trimmed(MAX_GROUP_NAME, NAME)
      .min(1, keyed("people.validation.required", { label: NAME }))
      .refine(
        (v) => !hasUnsafeLineCharacter(v),
        keyed("validation.text.labelled.lineUnsafe", { label: NAME }),
      )
      .optional(),
  ),
  description: trimmed(MAX_GROUP_DESCRIPTION, DESCRIPTION)
    .refine(
      (v) => !hasUnsafeTextCharacter(v),
      keyed("validation.text.labelled.multilineUnsafe", { label: DESCRIPTION }),
    )
    .optional(),
  samlGroupName: trimmed(200, SAML_NAME)
    .refine(
      (v) => !hasUnsafeLineCharacter(v),
      keyed("validation.text.labelled.lineUnsafe", { label: SAML_NAME }),
    )
    .optional(),
  license: licenseInputSchema.optional(),
  permissions: permissionsInputSchema.optional(),
  properties: propertiesSchema.optional(),
  externalIds: externalIdsSchema.optional(),
  revision: z.coerce
    .number({ invalid_type_error: "revision must be a number" })
    .int()
    .positive()
    .optional(),
});
export type GroupInput = z.output<typeof groupInputSchema>;

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const asText = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The editor's flat form as the JSON's shape: every flag not ticked is off (a form sends only
 * ticked boxes), custom properties from parallel propertyKey/propertyValue lists.
 */
export function groupFormToInput(values: Record<string, unknown>): Record<string, unknown> {
  const ticked = new Set(asList(values.permissions).filter((v) => typeof v === "string"));
  const keys = asList(values.propertyKey);
  const propertyValues = asList(values.propertyValue);
  return {
    name: asText(values.name) ?? "",
    description: asText(values.description) ?? "",
    ...(values.samlGroupName !== undefined ? { samlGroupName: asText(values.samlGroupName) } : {}),
    license: { level: asText(values.licenseLevel), mode: asText(values.licenseMode) ?? "Named" },
    permissions: {
      albums: Object.fromEntries(ALBUM_CAPABILITIES.map((c) => [c, ticked.has(`albums.${c}`)])),
      ...Object.fromEntries(SITE_CAPABILITIES.map((c) => [c, ticked.has(c)])),
    },
    properties: keys.map((key, i) => ({
      key: asText(key) ?? "",
      value: asText(propertyValues[i]) ?? "",
    })),
    ...(values.revision !== undefined ? { revision: values.revision } : {}),
  };
}

/** Flags given on top of the stored ones (a PATCH changes only what it names). */
export function mergePermissions(
  stored: GroupPermissions,
  change: PermissionsInput | undefined,
): GroupPermissions {
  if (!change) return stored;
  const { albums, ...site } = change;
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return {
    ...stored,
    ...defined(site),
    albums: { ...stored.albums, ...defined(albums ?? {}) },
  } as GroupPermissions;
}

/**
 * The dependency rules (spec 002 §4, §5), the same in the editor's script and on the server:
 * turning manageFlows on turns viewFlows on, turning viewFlows off turns manageFlows off (when
 * both move at once, as a form without JavaScript can send, the one that was turned on wins);
 * delegating downloads needs sharing with users, groups or guests; restricting to friends needs
 * sharing with users or groups.
 */
export function applyPermissionRules(
  before: GroupPermissions,
  after: GroupPermissions,
): GroupPermissions {
  const result = { ...after, albums: { ...after.albums } };
  if (result.manageFlows && !result.viewFlows) {
    const viewTurnedOff = before.viewFlows && !after.viewFlows;
    const manageTurnedOn = !before.manageFlows && after.manageFlows;
    if (viewTurnedOff && !manageTurnedOn) result.manageFlows = false;
    else result.viewFlows = true;
  }
  const a = result.albums;
  if (!(a.shareWithUsers || a.shareWithGroups || a.shareWithGuests)) a.delegateDownloads = false;
  if (!(a.shareWithUsers || a.shareWithGroups)) a.restrictToFriends = false;
  return result;
}

/** The editor's grouping of the flags (spec 002 §6), each with the label it shows. */
export const PERMISSION_SECTIONS: {
  title: MessageId;
  flags: { capability: Capability; label: MessageId }[];
}[] = [
  {
    title: "people.perm.section.albums",
    flags: [
      { capability: "albums.create", label: "people.perm.albums.create" },
      { capability: "albums.comment", label: "people.perm.albums.comment" },
      { capability: "albums.showOnHomepage", label: "people.perm.albums.showOnHomepage" },
    ],
  },
  {
    title: "people.perm.section.share",
    flags: [
      { capability: "albums.shareWithUsers", label: "people.perm.albums.shareWithUsers" },
      { capability: "albums.shareWithGroups", label: "people.perm.albums.shareWithGroups" },
      { capability: "albums.shareWithGuests", label: "people.perm.albums.shareWithGuests" },
      { capability: "albums.restrictToFriends", label: "people.perm.albums.restrictToFriends" },
      { capability: "albums.delegateDownloads", label: "people.perm.albums.delegateDownloads" },
    ],
  },
  {
    title: "people.perm.section.ingestion",
    flags: [{ capability: "uploadToUploadArea", label: "people.perm.uploadToUploadArea" }],
  },
  {
    title: "people.perm.section.integration",
    flags: [
      { capability: "api", label: "people.perm.api" },
      { capability: "isInDesignEditor", label: "people.perm.isInDesignEditor" },
    ],
  },
  {
    title: "people.perm.section.flow",
    flags: [
      { capability: "viewFlows", label: "people.perm.viewFlows" },
      { capability: "manageFlows", label: "people.perm.manageFlows" },
    ],
  },
  {
    title: "people.perm.section.admin",
    flags: [
      { capability: "manageUsers", label: "people.perm.manageUsers" },
      { capability: "inviteUsers", label: "people.perm.inviteUsers" },
      { capability: "approvePendingSignups", label: "people.perm.approvePendingSignups" },
      { capability: "manageSettings", label: "people.perm.manageSettings" },
      { capability: "manageArchives", label: "people.perm.manageArchives" },
      { capability: "manageAlbums", label: "people.perm.manageAlbums" },
      { capability: "manageTaxonomies", label: "people.perm.manageTaxonomies" },
      { capability: "approveOrders", label: "people.perm.approveOrders" },
      { capability: "changeSiteAppearance", label: "people.perm.changeSiteAppearance" },
      { capability: "manageWebhooks", label: "people.perm.manageWebhooks" },
      { capability: "shareBookmarks", label: "people.perm.shareBookmarks" },
      { capability: "moderateComments", label: "people.perm.moderateComments" },
      { capability: "manageExports", label: "people.perm.manageExports" },
      {
        capability: "shareCropAndDownloadPresets",
        label: "people.perm.shareCropAndDownloadPresets",
      },
      { capability: "manageAnnotations", label: "people.perm.manageAnnotations" },
      { capability: "manageWorkflows", label: "people.perm.manageWorkflows" },
      { capability: "manageServices", label: "people.perm.manageServices" },
      { capability: "audit", label: "people.perm.audit" },
      { capability: "configureConsentForms", label: "people.perm.configureConsentForms" },
      { capability: "manageActivityExports", label: "people.perm.manageActivityExports" },
      { capability: "manageActivityLogging", label: "people.perm.manageActivityLogging" },
      {
        capability: "manageFotostationConfigurations",
        label: "people.perm.manageFotostationConfigurations",
      },
    ],
  },
];

/** Whether a capability is on in a group's flags. */
export function hasFlag(permissions: GroupPermissions, capability: Capability): boolean {
  return capability.startsWith("albums.")
    ? permissions.albums[capability.slice(7) as AlbumCapability]
    : permissions[capability as SiteCapability];
}

/** A member list change as the editor sends it (spec 002 §7: {add:[hrefs], remove:[hrefs]}). */
export const hrefListChangeSchema = z
  .object({
    add: z.array(z.string().max(300), { invalid_type_error: "add must be a list of hrefs" }),
    remove: z.array(z.string().max(300), { invalid_type_error: "remove must be a list of hrefs" }),
  })
  .partial()
  .strict("Send only add and remove");

/** The reference's MemberIdListModel {users, groups} and MembershipIdListModel {groups}. */
const idList = (what: string) =>
  z
    .array(
      z
        .number({ invalid_type_error: `${what} must be numeric ids` })
        .int()
        .positive(),
      {
        invalid_type_error: `${what} must be a list of ids`,
      },
    )
    .max(10_000, `Give at most 10000 ${what}`);
export const memberIdListSchema = z
  .object({ users: idList("users").optional(), groups: idList("groups").optional() })
  .strict("Send only users and groups");
export const membershipIdListSchema = z
  .object({ groups: idList("groups").optional() })
  .strict("Send only groups");

/** Sorting and paging of the groups list and the member lists (spec 002 §7). */
export const GROUP_SORT_FIELDS = ["id", "name", "description"] as const;
export const GROUP_PAGE_SIZE = 25;
export const MEMBERS_PAGE_SIZE = 10;

export const groupListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  sortfield: z.enum(GROUP_SORT_FIELDS).catch("name"),
  sortdir: z.enum(["asc", "desc"]).catch("asc"),
  p: z.coerce.number().int().min(0).max(1_000_000).catch(0),
});
export type GroupListQuery = z.output<typeof groupListQuerySchema>;

/** The groups grid's columns (spec 002 "Groups tab"), saved as shared.groupGridSettings. */
export const GROUP_COLUMNS = ["id", "name", "description"] as const;
export type GroupColumn = (typeof GROUP_COLUMNS)[number];
export const groupColumnsSchema = z
  .array(z.object({ fieldName: z.string(), isVisible: z.boolean() }).passthrough())
  .catch([]);
