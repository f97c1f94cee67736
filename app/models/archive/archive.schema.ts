import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";

/*
 * The archive configuration record of spec 001 section 3, with the defaults a new archive gets
 * in management. Shared by the model, the API and (later) the administration dialog; no server
 * imports here. Field names keep the API's PascalCase so the record round-trips unchanged.
 */

export const EMPTY_ID = "00000000-0000-0000-0000-000000000000";

export const ARCHIVE_PERMISSIONS = [
  "View",
  "Preview",
  "Comping",
  "Workflow",
  "Download",
  "DuplicateFile",
  "Order",
  "EditText",
  "CropRotate",
  "CopyTo",
  "MoveTo",
  "CopyFrom",
  "MoveFrom",
  "Rename",
  "Delete",
  "Alert",
  "MngVideo",
  "EditSmartFolders",
  "CropAndDownload",
  "Export",
  "Comment",
  "Annotate",
  "TrdParty1",
  "TrdParty2",
  "TrdParty3",
  "TrdParty4",
  "EditFile",
  "OpenFile",
  "CropFile",
  "FwdtPlace",
  "UploadFile",
  "HistoryView",
  "HistoryRollback",
  "HistoryManage",
  "ViewConsentSummary",
  "ViewConsentDetails",
  "ManageConsentStatus",
] as const;
export type ArchivePermission = (typeof ARCHIVE_PERMISSIONS)[number];
export const archivePermissionSchema = z.enum(ARCHIVE_PERMISSIONS);

/** A new member, and the default Everyone member, get these (spec 001 section 4). */
export const DEFAULT_MEMBER_PERMISSIONS: ArchivePermission[] = ["View", "Preview"];

/**
 * Permissions that need others (spec 001 section 4): ticking one ticks its prerequisites,
 * unticking a prerequisite unticks what needs it. The server applies the same rule on every save.
 */
export const PERMISSION_PREREQUISITES: Partial<Record<ArchivePermission, ArchivePermission[]>> = {
  HistoryRollback: ["HistoryView"],
  HistoryManage: ["HistoryView"],
  ManageConsentStatus: ["ViewConsentDetails", "ViewConsentSummary"],
  ViewConsentDetails: ["ViewConsentSummary"],
};

/** The permissions with every prerequisite of each added, in the canonical order. */
export function withPrerequisites(permissions: Iterable<ArchivePermission>): ArchivePermission[] {
  const granted = new Set<ArchivePermission>();
  const add = (p: ArchivePermission) => {
    if (granted.has(p)) return;
    granted.add(p);
    for (const needed of PERMISSION_PREREQUISITES[p] ?? []) add(needed);
  };
  for (const p of permissions) add(p);
  return ARCHIVE_PERMISSIONS.filter((p) => granted.has(p));
}

/** The permissions without `removed` and without everything that needs it, directly or not. */
export function withoutDependents(
  permissions: Iterable<ArchivePermission>,
  removed: ArchivePermission,
): ArchivePermission[] {
  const left = new Set(permissions);
  const drop = (p: ArchivePermission) => {
    if (!left.delete(p)) return;
    for (const [dependent, needs] of Object.entries(PERMISSION_PREREQUISITES))
      if (needs.includes(p)) drop(dependent as ArchivePermission);
  };
  drop(removed);
  return ARCHIVE_PERMISSIONS.filter((p) => left.has(p));
}

/**
 * One box of the permission editor ticked (on) or unticked: ticking adds the prerequisites,
 * unticking removes what needs the permission. The editor applies it as boxes change; the server
 * reaches the same list from what a form without JavaScript posted through withPrerequisites.
 */
export function togglePermission(
  permissions: Iterable<ArchivePermission>,
  permission: ArchivePermission,
  on: boolean,
): ArchivePermission[] {
  return on
    ? withPrerequisites([...permissions, permission])
    : withoutDependents(permissions, permission);
}

/**
 * The ticked prerequisites that a ticked dependent holds in place, each with those dependents:
 * such a box is locked until its dependents are unticked.
 */
export function lockedPermissions(
  permissions: Iterable<ArchivePermission>,
): Map<ArchivePermission, ArchivePermission[]> {
  const held = new Set(permissions);
  const locked = new Map<ArchivePermission, ArchivePermission[]>();
  for (const p of ARCHIVE_PERMISSIONS) {
    if (!held.has(p)) continue;
    for (const needed of PERMISSION_PREREQUISITES[p] ?? [])
      if (held.has(needed)) locked.set(needed, [...(locked.get(needed) ?? []), p]);
  }
  return locked;
}

/**
 * Select all (on) or unselect all over the permissions `among` (the boxes shown); the rest of
 * what is held stays, with its prerequisites.
 */
export function setPermissions(
  permissions: Iterable<ArchivePermission>,
  among: Iterable<ArchivePermission>,
  on: boolean,
): ArchivePermission[] {
  const touched = new Set(among);
  if (on) return withPrerequisites([...permissions, ...touched]);
  let left = withPrerequisites(permissions);
  for (const p of touched) left = withoutDependents(left, p);
  return left;
}

const SPECIAL_PERMISSIONS: ArchivePermission[] = [
  "EditFile",
  "OpenFile",
  "CropFile",
  "FwdtPlace",
  "UploadFile",
];
const VERSIONING_PERMISSIONS: ArchivePermission[] = [
  "HistoryView",
  "HistoryRollback",
  "HistoryManage",
];
const CONSENT_PERMISSIONS: ArchivePermission[] = [
  "ViewConsentSummary",
  "ViewConsentDetails",
  "ManageConsentStatus",
];

export interface PermissionGroup {
  title: string;
  permissions: ArchivePermission[];
}

/**
 * The groups of boxes the access list shows for one member (spec 001 section 6): the main list
 * (MngVideo only when available), the special list, Versioning only when all three of its
 * permissions are available and versioning is on, Consent likewise when consent management is.
 */
export function permissionGroups(options: {
  available: readonly ArchivePermission[];
  consentEnabled: boolean;
  versioningAvailable: boolean;
}): PermissionGroup[] {
  const available = new Set(options.available);
  const grouped = new Set([
    ...SPECIAL_PERMISSIONS,
    ...VERSIONING_PERMISSIONS,
    ...CONSENT_PERMISSIONS,
  ]);
  const all = (list: ArchivePermission[]) => list.every((p) => available.has(p));
  const groups: PermissionGroup[] = [
    {
      title: "Permissions",
      permissions: ARCHIVE_PERMISSIONS.filter((p) => !grouped.has(p) && available.has(p)),
    },
    { title: "Special", permissions: SPECIAL_PERMISSIONS.filter((p) => available.has(p)) },
  ];
  if (options.versioningAvailable && all(VERSIONING_PERMISSIONS))
    groups.push({ title: "Versioning", permissions: VERSIONING_PERMISSIONS });
  if (options.consentEnabled && all(CONSENT_PERMISSIONS))
    groups.push({ title: "Consent", permissions: CONSENT_PERMISSIONS });
  return groups.filter((g) => g.permissions.length > 0);
}

/** A member entry of an archive's access list as the API and the dialog send it. */
export const archiveMemberSchema = z.object({
  Id: z.coerce.number().int().min(1).max(2_147_483_647),
  MemberType: z.enum(["user", "group"]),
  Name: z.string().max(300).optional(),
  Description: z.string().max(2000).optional(),
  AutoSearch: z.string().trim().max(2000).default(""),
  Permissions: z
    .array(archivePermissionSchema)
    .max(ARCHIVE_PERMISSIONS.length * 2)
    .default([])
    .transform((list) => withPrerequisites(list)),
});
export type ArchiveMemberInput = z.infer<typeof archiveMemberSchema>;

/** Alignment 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right, 4 centre. */
export const watermarkAlignmentSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);

const watermarkSettingsSchema = z
  .object({
    WatermarkFilename: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$|^$/, keyed("settings.validation.watermarkFile"))
      .default(""),
    WatermarkAlignment: watermarkAlignmentSchema.default(4),
    ScaleToFit: z.boolean().default(false),
  })
  // Scale-to-fit exists only for the centred position.
  .transform((w) => ({ ...w, ScaleToFit: w.WatermarkAlignment === 4 && w.ScaleToFit }));

const idString = z.string().max(100).default(EMPTY_ID);

const downloadProcessingSchema = z
  .object({
    ProcessingType: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
    SpecificProcessingProfile: idString,
    CustomProcessingProfileSet: idString,
  })
  .transform((d) => ({
    ProcessingType: d.ProcessingType,
    SpecificProcessingProfile: d.ProcessingType === 1 ? d.SpecificProcessingProfile : EMPTY_ID,
    CustomProcessingProfileSet: d.ProcessingType === 2 ? d.CustomProcessingProfileSet : EMPTY_ID,
  }));

const navigationPaneSchema = z
  .object({
    SearchTreeFields: z.array(z.number().int().min(0)).max(100).default([]),
    FolderListSettings: z.object({ ShowDocumentFolders: z.boolean().default(false) }).default({}),
    ShowFolderList: z.boolean().default(true),
    ShowSmartFolders: z.boolean().default(true),
    QuickLists: z.array(z.number().int().min(0)).max(100).default([]),
    EnableConsentStatusFilter: z.boolean().default(false),
    EnableCustomSmartFolderName: z.boolean().default(false),
    CustomSmartFolderName: z.string().max(100).default(""),
  })
  // A custom smart folder name needs smart folders.
  .transform((n) => ({
    ...n,
    EnableCustomSmartFolderName: n.ShowSmartFolders && n.EnableCustomSmartFolderName,
  }));

export const metadataMacroSchema = z.object({
  Field: z.number().int().min(0),
  /** 0 append, 1 prepend, 2 replace. */
  Operation: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  Value: z.string().max(10_000),
  /** Bit mask: upload 1, move 2, copy 4. */
  IngestionTypes: z.number().int().min(0).max(7),
});
export type MetadataMacro = z.infer<typeof metadataMacroSchema>;

const MIN_UPLOAD_LIMIT = 512_000;
const MAX_UPLOAD_LIMIT = 262_144_000;
const uploadLimit = z
  .number()
  .int()
  .refine(
    (v) => v === 0 || (v >= MIN_UPLOAD_LIMIT && v <= MAX_UPLOAD_LIMIT && v % 512_000 === 0),
    keyed("settings.validation.uploadLimit"),
  )
  .default(0);

export const archiveConfigSchema = z
  .object({
    Path: z.string().max(1000).default(""),
    Pool: z.string().max(100).nullable().default(null),
    TextEditor: z.string().max(100).default(""),
    PreviewSizeList: z.string().max(100).default(""),
    CropProfileSet: z.string().max(100).default(""),
    AutoSearch: z.string().max(2000).default(""),
    InputFolder: z.string().max(1000).default(""),
    UploadProcessProfileName: z.string().max(200).default(""),
    AllowCropProfileChanges: z.boolean().default(false),
    IsIndexed: z.boolean().default(true),
    EnableConsentManagement: z.boolean().default(false),
    UploadEnableClientSideResize: z.boolean().default(false),
    UploadDefaultJpegQuality: z.number().int().min(40).max(100).default(80),
    UploadRestrictImageSize: uploadLimit,
    UploadRestrictFileSize: uploadLimit,
    /** 1 default, 2 user selection, 3 file system. */
    InputLocation: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    Color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, keyed("settings.validation.colour"))
      .default("#4D4D4D"),
    MetadataSetId: z.string().max(100).default("default"),
    IconCharacter: z.string().max(40).default("Folder"),
    WatermarkSettings: watermarkSettingsSchema.default({}),
    DownloadProcessing: downloadProcessingSchema.default({}),
    DataMining: z.object({ Enabled: z.boolean().default(false) }).default({}),
    NavigationPaneControl: navigationPaneSchema.default({}),
    SocialSettings: z
      .object({
        /** 0 none, 1 built-in comments. */
        CommentType: z.union([z.literal(0), z.literal(1)]).default(0),
        AnnotationsEnabled: z.boolean().default(false),
      })
      .default({}),
    RobotSettings: z.object({ AllowIndexing: z.boolean().default(true) }).default({}),
    MetadataMacros: z
      .object({ Macros: z.array(metadataMacroSchema).max(200).default([]) })
      .default({}),
    Properties: z
      .array(z.object({ key: z.string().max(200), value: z.string().max(2000) }))
      .max(200)
      .default([])
      // Rows with an empty key or value are dropped on save.
      .transform((rows) => rows.filter((r) => r.key.trim() !== "" && r.value.trim() !== "")),
  })
  // Client-side resize off means no size limits.
  .transform((c) =>
    c.UploadEnableClientSideResize
      ? c
      : { ...c, UploadRestrictImageSize: 0, UploadRestrictFileSize: 0 },
  );

export type ArchiveConfig = z.infer<typeof archiveConfigSchema>;
export type ArchiveConfigInput = z.input<typeof archiveConfigSchema>;

/** The configuration of a new archive: every field at its spec default. */
export function defaultArchiveConfig(): ArchiveConfig {
  return archiveConfigSchema.parse({});
}

export const archiveNameSchema = z
  .string()
  .trim()
  .min(1, keyed("settings.validation.nameRequired"))
  .max(100, keyed("settings.validation.nameTooLong", { max: 100 }))
  .refine(
    (v) => !/[/\\]/.test(v) && !hasUnsafeLineCharacter(v),
    keyed("settings.validation.nameUnsafe"),
  );

/*
 * The archive dialog and /fotoweb/api/config/archives (decision 038): the archive's own fields
 * beside its configuration record, read from JSON as they are and from the dialog's form through
 * archiveFormToInput. Codes name each refusal as spec 001 section 8 lists them.
 */

export const ARCHIVE_ERROR_CODES = [
  "name_required",
  "name_exists",
  "metadata_invalid",
  "path_invalid",
  "processing_profile_invalid",
  "processing_profile_set_invalid",
  "too_many_archives",
  "search_expression_invalid",
  "member_invalid",
  "macro_invalid",
  "invalid",
] as const;
export type ArchiveErrorCode = (typeof ARCHIVE_ERROR_CODES)[number];

/** What a refused save says about one field (its Conform-style path) or, at "", the whole form. */
export interface ArchiveFieldError {
  path: string;
  code: ArchiveErrorCode;
  message: string;
}

/** The heading of a refusal whose filter or macro expression does not parse (issue 16). */
export const INVALID_SEARCH_EXPRESSION = "InvalidSearchExpression";

/** The 36 colours of the identification palette: six hues in six shades, grey first. */
export const ARCHIVE_PALETTE = [
  "#4D4D4D",
  "#808080",
  "#A6A6A6",
  "#262626",
  "#5C4033",
  "#8B5A2B",
  "#8E1B1B",
  "#C62828",
  "#E57373",
  "#AD1457",
  "#D81B60",
  "#F06292",
  "#6A1B9A",
  "#8E24AA",
  "#BA68C8",
  "#283593",
  "#3949AB",
  "#7986CB",
  "#1565C0",
  "#1E88E5",
  "#64B5F6",
  "#00695C",
  "#00897B",
  "#4DB6AC",
  "#2E7D32",
  "#43A047",
  "#81C784",
  "#9E9D24",
  "#C0CA33",
  "#DCE775",
  "#EF6C00",
  "#FB8C00",
  "#FFB74D",
  "#F9A825",
  "#FDD835",
  "#FFF176",
] as const;

/** The member every new archive starts with: Everyone, View and Preview. */
export const EVERYONE_MEMBER: ArchiveMemberInput = {
  Id: 10000,
  MemberType: "group",
  AutoSearch: "",
  Permissions: DEFAULT_MEMBER_PERMISSIONS,
};

const archiveIdentitySchema = z.object({
  Name: z.string().default("").pipe(archiveNameSchema),
  Description: z
    .string()
    .max(2000, keyed("settings.validation.descriptionTooLong", { max: 2000 }))
    .default(""),
  IsHidden: z.boolean().default(false),
  /** Absent on an update: the members stay as they are. */
  MemberList: z.array(archiveMemberSchema).max(1000).optional(),
  /** The revision the change was based on; an older one than stored is a conflict. */
  Revision: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** A whole archive as the dialog and the API send it: identity, members and configuration. */
export const archiveInputSchema = archiveIdentitySchema.and(archiveConfigSchema);
export type ArchiveInput = z.output<typeof archiveInputSchema>;

/** A zod path as Conform names its field: MemberList[0].AutoSearch. */
export function fieldPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (name, part) =>
      typeof part === "number" ? `${name}[${part}]` : name === "" ? part : `${name}.${part}`,
    "",
  );
}

/** The schema's refusals with their codes: a missing or empty name is name_required. */
export function schemaErrors(error: z.ZodError): ArchiveFieldError[] {
  return error.issues.map((issue) => {
    const path = fieldPath(issue.path);
    const code: ArchiveErrorCode =
      path === "Name"
        ? "name_required"
        : path.startsWith("MemberList")
          ? "member_invalid"
          : "invalid";
    const message =
      path === "Name" && issue.code === "too_small"
        ? keyed("settings.validation.nameRequired")
        : issue.message;
    return { path, code, message };
  });
}

/* ----------------------------------------------------------- the dialog's form */

type Values = Record<string, unknown>;

const isOn = (v: unknown) => v === "on" || v === "true" || v === true;
const asNumber = (v: unknown) => {
  if (v === undefined || v === null || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
};
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const asObject = (v: unknown): Values =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Values) : {};
const asRows = (v: unknown): Values[] => asList(v).map(asObject);

/** Bytes for a restricted size: its toggle off is 0, on without a size the smallest step. */
function sizeLimit(toggle: unknown, value: unknown) {
  if (!isOn(toggle)) return 0;
  const n = asNumber(value);
  return n === undefined || n === 0 ? 512_000 : n;
}

/**
 * The dialog's posted fields (Conform's nested parse, every value a string) as the input the API
 * takes. Every switch is on the form, so a switch left off is false; "Enabled" is !IsHidden.
 */
export function archiveFormToInput(raw: unknown): Values {
  const v = asObject(raw);
  const watermark = asObject(v.WatermarkSettings);
  const download = asObject(v.DownloadProcessing);
  const nav = asObject(v.NavigationPaneControl);
  const social = asObject(v.SocialSettings);
  return {
    Name: v.Name ?? "",
    Description: v.Description ?? "",
    IsHidden: !isOn(v.Enabled),
    Revision: asNumber(v.Revision),
    Color: v.Color,
    IconCharacter: v.IconCharacter,
    Path: v.Path ?? "",
    Pool: v.Pool === "" || v.Pool === undefined ? null : v.Pool,
    AutoSearch: v.AutoSearch ?? "",
    MetadataSetId: v.MetadataSetId,
    IsIndexed: v.IsIndexed === undefined ? undefined : isOn(v.IsIndexed),
    DataMining: { Enabled: isOn(asObject(v.DataMining).Enabled) },
    EnableConsentManagement: isOn(v.EnableConsentManagement),
    RobotSettings: { AllowIndexing: isOn(asObject(v.RobotSettings).AllowIndexing) },
    SocialSettings: {
      CommentType: asNumber(social.CommentType) ?? 0,
      AnnotationsEnabled: isOn(social.AnnotationsEnabled),
    },
    NavigationPaneControl: {
      SearchTreeFields: isOn(nav.TaxonomyFilters)
        ? asList(nav.SearchTreeFields)
            .map(asNumber)
            .filter((n) => n !== undefined)
        : [],
      FolderListSettings: {
        ShowDocumentFolders: isOn(asObject(nav.FolderListSettings).ShowDocumentFolders),
      },
      ShowFolderList: isOn(nav.ShowFolderList),
      ShowSmartFolders: isOn(nav.ShowSmartFolders),
      EnableConsentStatusFilter: isOn(nav.EnableConsentStatusFilter),
      EnableCustomSmartFolderName: isOn(nav.EnableCustomSmartFolderName),
      CustomSmartFolderName: nav.CustomSmartFolderName ?? "",
    },
    WatermarkSettings: {
      WatermarkFilename: watermark.WatermarkFilename ?? "",
      WatermarkAlignment: asNumber(watermark.WatermarkAlignment) ?? 4,
      ScaleToFit: isOn(watermark.ScaleToFit),
    },
    PreviewSizeList: v.PreviewSizeList ?? "",
    DownloadProcessing: {
      ProcessingType: asNumber(download.ProcessingType) ?? 0,
      SpecificProcessingProfile: download.SpecificProcessingProfile || EMPTY_ID,
      CustomProcessingProfileSet: download.CustomProcessingProfileSet || EMPTY_ID,
    },
    UploadEnableClientSideResize: isOn(v.UploadEnableClientSideResize),
    UploadDefaultJpegQuality: asNumber(v.UploadDefaultJpegQuality) ?? 80,
    UploadRestrictImageSize: sizeLimit(v.RestrictImageSize, v.UploadRestrictImageSize),
    UploadRestrictFileSize: sizeLimit(v.RestrictFileSize, v.UploadRestrictFileSize),
    AllowCropProfileChanges: isOn(v.AllowCropProfileChanges),
    CropProfileSet: v.CropProfileSet ?? "",
    InputLocation: asNumber(v.InputLocation) ?? 1,
    InputFolder: v.InputFolder ?? "",
    MetadataMacros: {
      Macros: asRows(asObject(v.MetadataMacros).Macros).map((m) => ({
        Field: asNumber(m.Field),
        Operation: asNumber(m.Operation) ?? 0,
        Value: m.Value ?? "",
        IngestionTypes: asList(m.IngestionTypes).reduce<number>(
          (mask, bit) => mask | (Number(bit) & 7),
          0,
        ),
      })),
    },
    MemberList: asRows(v.MemberList).map((m) => ({
      Id: asNumber(m.Id),
      MemberType: m.MemberType,
      AutoSearch: m.AutoSearch ?? "",
      Permissions: asList(m.Permissions),
    })),
    Properties: asRows(v.Properties).map((p) => ({ key: p.key ?? "", value: p.value ?? "" })),
  };
}
