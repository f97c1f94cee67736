import type { FormMetadata } from "@conform-to/react";
import type { ArchiveRecord, MemberCandidate } from "~/models/archive/archive-admin.server";
import type { MessageId, Translate } from "~/models/locale/message-id";

/*
 * What the archive dialog's tabs share: the form's shape and values, the record as fields, the
 * tabs and the props each tab is given (ArchiveDialog.tsx, decision 038).
 */

export type Values = Record<string, unknown>;

/** The rows Conform keeps as lists; every other field is read from the values by its name. */
export type FormShape = {
  MemberList: {
    Id: string;
    MemberType: string;
    Name: string;
    Description: string;
    AutoSearch: string;
    Permissions: string[];
  }[];
  Properties: { key: string; value: string }[];
  MetadataMacros: {
    Macros: { Field: string; Operation: string; Value: string; IngestionTypes: string[] }[];
  };
};

export interface DialogOptions {
  allowFileSystemDestinations: boolean;
  enableConsentForms: boolean;
  icons: string[];
  palette: string[];
  pools: { Id: string; Name: string }[];
}

export interface DialogLists {
  metadataViews: { id: string; name: string }[];
  fields: { id: number; label: string; type: string }[];
  watermarks: { fileName: string; name: string }[];
  renditionSets: { id: string; name: string }[];
  processingProfiles: { id: string; name: string }[];
  processingProfileSets: { id: string; name: string }[];
  cropProfileSets: { id: string; name: string }[];
}

export type DialogRecord = Omit<ArchiveRecord, "Id" | "Href"> & { Id: number | null };

export interface DialogReply {
  payload?: Values;
  fieldErrors?: Record<string, string>;
  formError?: string;
  candidates?: MemberCandidate[];
  memberQuery?: string;
  serial?: number;
}

const on = (flag: boolean) => (flag ? "on" : "");

/** The record as the form's fields name and hold it (strings, switches "on"). */
export function recordToFormValues(r: DialogRecord): Values {
  const mask = (m: number) => [1, 2, 4].filter((b) => m & b).map(String);
  return {
    Name: r.Name,
    Description: r.Description,
    Enabled: on(!r.IsHidden),
    Revision: String(r.Revision),
    Color: r.Color,
    IconCharacter: r.IconCharacter,
    Path: r.Path,
    Pool: r.Pool ?? "",
    AutoSearch: r.AutoSearch,
    MetadataSetId: r.MetadataSetId,
    IsIndexed: r.IsIndexed ? "true" : "false",
    DataMining: { Enabled: on(r.DataMining.Enabled) },
    EnableConsentManagement: on(r.EnableConsentManagement),
    RobotSettings: { AllowIndexing: on(r.RobotSettings.AllowIndexing) },
    SocialSettings: {
      CommentType: String(r.SocialSettings.CommentType),
      AnnotationsEnabled: on(r.SocialSettings.AnnotationsEnabled),
    },
    NavigationPaneControl: {
      TaxonomyFilters: on(r.NavigationPaneControl.SearchTreeFields.length > 0),
      SearchTreeFields: r.NavigationPaneControl.SearchTreeFields.map(String),
      FolderListSettings: {
        ShowDocumentFolders: on(r.NavigationPaneControl.FolderListSettings.ShowDocumentFolders),
      },
      ShowFolderList: on(r.NavigationPaneControl.ShowFolderList),
      ShowSmartFolders: on(r.NavigationPaneControl.ShowSmartFolders),
      EnableConsentStatusFilter: on(r.NavigationPaneControl.EnableConsentStatusFilter),
      EnableCustomSmartFolderName: on(r.NavigationPaneControl.EnableCustomSmartFolderName),
      CustomSmartFolderName: r.NavigationPaneControl.CustomSmartFolderName,
    },
    WatermarkSettings: {
      WatermarkFilename: r.WatermarkSettings.WatermarkFilename,
      WatermarkAlignment: String(r.WatermarkSettings.WatermarkAlignment),
      ScaleToFit: on(r.WatermarkSettings.ScaleToFit),
    },
    PreviewSizeList: r.PreviewSizeList,
    DownloadProcessing: {
      ProcessingType: String(r.DownloadProcessing.ProcessingType),
      SpecificProcessingProfile: r.DownloadProcessing.SpecificProcessingProfile,
      CustomProcessingProfileSet: r.DownloadProcessing.CustomProcessingProfileSet,
    },
    UploadEnableClientSideResize: on(r.UploadEnableClientSideResize),
    UploadDefaultJpegQuality: String(r.UploadDefaultJpegQuality),
    RestrictImageSize: on(r.UploadRestrictImageSize > 0),
    UploadRestrictImageSize: String(r.UploadRestrictImageSize || 512_000),
    RestrictFileSize: on(r.UploadRestrictFileSize > 0),
    UploadRestrictFileSize: String(r.UploadRestrictFileSize || 512_000),
    AllowCropProfileChanges: on(r.AllowCropProfileChanges),
    CropProfileSet: r.CropProfileSet,
    InputLocation: String(r.InputLocation),
    InputFolder: r.InputFolder,
    MetadataMacros: {
      Macros: r.MetadataMacros.Macros.map((m) => ({
        Field: String(m.Field),
        Operation: String(m.Operation),
        Value: m.Value,
        IngestionTypes: mask(m.IngestionTypes),
      })),
    },
    MemberList: r.MemberList.map((m) => ({
      Id: String(m.Id),
      MemberType: m.MemberType,
      Name: m.Name,
      Description: m.Description,
      AutoSearch: m.AutoSearch,
      Permissions: m.Permissions,
    })),
    Properties: r.Properties.map((p) => ({ key: p.key, value: p.value })),
  };
}

export function get(values: Values, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (v, key) => (v && typeof v === "object" ? (v as Values)[key] : undefined),
      values,
    );
}

export const str = (v: unknown) => (typeof v === "string" ? v : "");
export const strs = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
    (x): x is string => typeof x === "string",
  );

export const TABS = [
  {
    id: "general",
    label: "settings.dialog.tab.general",
    prefixes: [
      "Name",
      "Description",
      "Color",
      "IconCharacter",
      "Path",
      "Pool",
      "AutoSearch",
      "MetadataSetId",
      "NavigationPaneControl",
      "SocialSettings",
      "RobotSettings",
    ],
  },
  {
    id: "export",
    label: "settings.dialog.tab.export",
    prefixes: [
      "WatermarkSettings",
      "PreviewSizeList",
      "DownloadProcessing",
      "Upload",
      "CropProfileSet",
      "AllowCropProfileChanges",
      "Input",
      "MetadataMacros",
    ],
  },
  { id: "access", label: "settings.dialog.tab.access", prefixes: ["MemberList"] },
  { id: "properties", label: "settings.dialog.tab.properties", prefixes: ["Properties"] },
] as const;
export type TabId = (typeof TABS)[number]["id"];

/** The fields' visible labels by message, for the error summary (rows: see FieldLabels). */
const FIELD_LABEL_IDS: Readonly<Record<string, MessageId>> = {
  Name: "settings.dialog.field.name",
  Description: "settings.dialog.field.description",
  Color: "settings.dialog.field.colour",
  IconCharacter: "settings.dialog.field.icon",
  Path: "settings.dialog.field.path",
  Pool: "settings.dialog.field.pool",
  AutoSearch: "settings.dialog.field.autoSearch",
  MetadataSetId: "settings.dialog.field.metadataView",
  "SocialSettings.CommentType": "settings.dialog.field.comments",
  "NavigationPaneControl.SearchTreeFields": "settings.dialog.field.taxonomyFields",
  "NavigationPaneControl.CustomSmartFolderName": "settings.dialog.field.smartFolderName",
  "WatermarkSettings.WatermarkFilename": "settings.dialog.field.watermark",
  "WatermarkSettings.WatermarkAlignment": "settings.dialog.field.watermarkPosition",
  PreviewSizeList: "settings.dialog.field.previewSizes",
  "DownloadProcessing.ProcessingType": "settings.dialog.field.processing",
  "DownloadProcessing.SpecificProcessingProfile": "settings.dialog.field.processingProfile",
  "DownloadProcessing.CustomProcessingProfileSet": "settings.dialog.field.processingProfileSet",
  UploadDefaultJpegQuality: "settings.dialog.field.jpegQuality",
  UploadRestrictImageSize: "settings.dialog.field.largestImage",
  UploadRestrictFileSize: "settings.dialog.field.largestFile",
  CropProfileSet: "settings.dialog.field.cropProfileSet",
  InputLocation: "settings.dialog.field.inputLocation",
  InputFolder: "settings.dialog.field.inputFolder",
  MetadataMacros: "settings.dialog.macros",
  MemberList: "settings.dialog.tab.access",
  Properties: "settings.dialog.tab.properties",
};

/** A row's labels: the row's number stays "{n}" for the summary to fill in. */
const ROW_LABEL_IDS: Readonly<Record<string, MessageId>> = {
  "MetadataMacros.Macros[].Field": "settings.dialog.macroField",
  "MetadataMacros.Macros[].Operation": "settings.dialog.macroOperation",
  "MetadataMacros.Macros[].Value": "settings.dialog.macroValue",
  "MetadataMacros.Macros[].IngestionTypes": "settings.dialog.macroAppliesOn",
  "Properties[].key": "settings.dialog.propertyKey",
  "Properties[].value": "settings.dialog.propertyValue",
};

/** The fields' visible labels in the page's language, for the error summary. */
export function fieldLabels(t: Translate): Record<string, string> {
  return Object.fromEntries([
    ...Object.entries(FIELD_LABEL_IDS).map(([name, id]) => [name, t(id)]),
    ...Object.entries(ROW_LABEL_IDS).map(([name, id]) => [name, t(id, { n: "{n}" })]),
  ]);
}

/** A member's name as its group is labelled on the Access list tab. */
export function memberName(t: Translate, row: Values): string {
  return (
    str(row.Name) || `${str(row.MemberType)} ${str(row.Id)}`.trim() || t("settings.dialog.aMember")
  );
}

/** A member row's field by the member's name, as its group is labelled on the Access list tab. */
export function memberFieldLabel(t: Translate, name: string, values: Values): string | undefined {
  const match = /^MemberList\[(\d+)\]\.(\w+)$/.exec(name);
  if (!match) return undefined;
  const row = (get(values, "MemberList") as Values[] | undefined)?.[Number(match[1])] ?? {};
  const who = memberName(t, row);
  return match[2] === "AutoSearch"
    ? t("settings.dialog.memberFilter", { name: who })
    : t("settings.dialog.member", { name: who });
}

/** The tab holding the field with this name. */
export const tabOf = (name: string): TabId =>
  TABS.find((t) => t.prefixes.some((p) => name.startsWith(p)))?.id ?? "general";

export type DialogForm = FormMetadata<FormShape>;
export type DialogFields = ReturnType<DialogForm["getFieldset"]>;

/** What every tab is given: the values the form opens with, their errors, the site's options. */
export interface TabProps {
  initial: Values;
  errors: Record<string, string>;
  hydrated: boolean;
  options: DialogOptions;
  lists: DialogLists;
}

/** A field's value as text, and whether a switch is on, by its dotted name. */
export function reader(initial: Values) {
  return {
    v: (path: string) => str(get(initial, path)),
    isOn: (path: string) => get(initial, path) === "on",
  };
}

/** A list as select options, after an empty choice. */
export const option = (list: { id: string; name: string }[], none: string) => [
  { value: "", label: none },
  ...list.map((e) => ({ value: e.id, label: e.name })),
];

/** The metadata fields as select options. */
export const fieldOptionsOf = (lists: DialogLists) =>
  lists.fields.map((f) => ({ value: String(f.id), label: `${f.label} (${f.id})` }));
