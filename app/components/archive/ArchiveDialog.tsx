import { getFormProps, useForm, type DefaultValue } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import * as modalCss from "~/components/collection/collections.css";
import { useHydrated } from "remix-utils/use-hydrated";
import { TileIconGlyph } from "~/components/collection/CollectionTile";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { FormTabs, type FormSection } from "~/components/ui/FormTabs";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import { button, fieldError } from "~/components/ui/controls.css";
import type { ArchiveRecord, MemberCandidate } from "~/models/archive/archive-admin.server";
import { EMPTY_ID, type ArchivePermission } from "~/models/archive/archive.schema";
import { LINKS } from "~/utils/links";
import { IndexBrowser } from "./IndexBrowser";
import { indexBrowserHref } from "./IndexFolderList";
import { MemberPermissions } from "./MemberPermissions";
import { formatBytes, RangeField } from "./RangeField";
import * as people from "~/components/user/users.css";
import * as css from "./archive-dialog.css";

/*
 * The archive dialog (spec 001 sections 2-5; decision 038): one form, four tabs. With JavaScript
 * the tabs are react-aria Tabs whose panels all stay mounted (hidden when inactive) so the whole
 * form posts; without it they are sections of the same form, all shown. Rows (members, macros,
 * custom properties) are Conform lists whose add and remove buttons post an intent the server
 * answers with the form again when JavaScript is off.
 */

type Values = Record<string, unknown>;

/** The rows Conform keeps as lists; every other field is read from the values by its name. */
type FormShape = {
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

function get(values: Values, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (v, key) => (v && typeof v === "object" ? (v as Values)[key] : undefined),
      values,
    );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const strs = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
    (x): x is string => typeof x === "string",
  );

const TABS = [
  {
    id: "general",
    label: "General",
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
    label: "Export/Import",
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
  { id: "access", label: "Access list", prefixes: ["MemberList"] },
  { id: "properties", label: "Custom properties", prefixes: ["Properties"] },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** The upload size sliders: 512000 to 262144000 bytes in steps of 512000 (spec 001 §9). */
const SIZE_RANGE = { min: 512_000, max: 262_144_000, step: 512_000, format: formatBytes };

const ALIGNMENTS = ["Top left", "Top right", "Bottom left", "Bottom right", "Centre"];
const OPERATIONS = ["Append", "Prepend", "Replace"];
const INGESTION = [
  { bit: "1", label: "Upload" },
  { bit: "2", label: "Move" },
  { bit: "4", label: "Copy" },
];

/**
 * Removing a member: without JavaScript a button posting Conform's remove intent (the server
 * answers the form without the row); with it the same, after a confirmation. Either way the
 * member is only gone once the archive is saved.
 */
function RemoveMember({
  name,
  hydrated,
  buttonProps,
  onConfirm,
}: {
  name: string;
  hydrated: boolean;
  buttonProps: React.ButtonHTMLAttributes<HTMLButtonElement>;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (!hydrated)
    return <button {...buttonProps} className={button.secondary}>{`Remove ${name}`}</button>;
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>{`Remove ${name}`}</Button>
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className={modalCss.overlay}>
        <Modal className={modalCss.modal}>
          <Dialog className={modalCss.dialog} data-testid="remove-member-dialog">
            <Heading slot="title" className={modalCss.heading}>{`Remove ${name}?`}</Heading>
            <p>{`${name} loses every permission in this archive once you save.`}</p>
            <div className={people.actions}>
              <Button
                onPress={() => {
                  setOpen(false);
                  onConfirm();
                }}
              >
                Remove
              </Button>
              <Button variant="secondary" onPress={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

/** A box posting its own value (CheckboxField posts "on"): bit masks, people to add. */
function ValueCheckbox(props: {
  name: string;
  value: string;
  defaultSelected?: boolean;
  children: string;
}) {
  return (
    <Checkbox
      name={props.name}
      value={props.value}
      defaultSelected={props.defaultSelected}
      className={controls.checkbox}
    >
      <span className={controls.checkboxBox} aria-hidden="true" />
      {props.children}
    </Checkbox>
  );
}

function NativeMultiSelect(props: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue: string[];
  disabled?: boolean;
}) {
  const id = `${props.name}-select`;
  return (
    <div className={css.nativeField}>
      <label htmlFor={id} className={css.label}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        multiple
        defaultValue={props.defaultValue}
        className={css.nativeSelect}
        disabled={props.disabled}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ArchiveDialog({
  record,
  options,
  lists,
  reply,
}: {
  record: DialogRecord;
  options: DialogOptions;
  lists: DialogLists;
  reply: DialogReply | undefined;
}) {
  const hydrated = useHydrated();
  const initial = reply?.payload ?? recordToFormValues(record);
  const errors = reply?.fieldErrors ?? {};
  const [form, fields] = useForm<FormShape>({
    id: "archive-dialog",
    defaultValue: initial as DefaultValue<FormShape>,
    shouldValidate: "onSubmit",
  });
  const v = (path: string) => str(get(initial, path));
  const isOn = (path: string) => get(initial, path) === "on";
  // After a round trip the dialog opens where the person was: the people found, or the first
  // tab with an error.
  const firstWithErrors = TABS.find((t) =>
    Object.keys(errors).some((name) => t.prefixes.some((p) => name.startsWith(p))),
  );
  const [tab, setTab] = useState<TabId>(
    reply?.memberQuery !== undefined ? "access" : (firstWithErrors?.id ?? "general"),
  );
  const [processing, setProcessing] = useState(v("DownloadProcessing.ProcessingType") || "0");
  const [alignment, setAlignment] = useState(v("WatermarkSettings.WatermarkAlignment") || "4");
  const [smartFolders, setSmartFolders] = useState(isOn("NavigationPaneControl.ShowSmartFolders"));
  const [resize, setResize] = useState(isOn("UploadEnableClientSideResize"));
  const [folder, setFolder] = useState(v("Path"));
  const [iconQuery, setIconQuery] = useState("");
  const [restrictImage, setRestrictImage] = useState(isOn("RestrictImageSize"));
  const [restrictFile, setRestrictFile] = useState(isOn("RestrictFileSize"));
  const errorNames = Object.keys(errors);
  const tabHasErrors = (id: TabId) =>
    errorNames.some((name) =>
      TABS.find((t) => t.id === id)!.prefixes.some((p) => name.startsWith(p)),
    );
  const option = (list: { id: string; name: string }[], none: string) => [
    { value: "", label: none },
    ...list.map((e) => ({ value: e.id, label: e.name })),
  ];
  const fieldOptions = lists.fields.map((f) => ({
    value: String(f.id),
    label: `${f.label} (${f.id})`,
  }));

  const general = (
    <>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Identification</legend>
        <TextField
          label="Name"
          name="Name"
          isRequired
          maxLength={100}
          defaultValue={v("Name")}
          errors={errors.Name}
        />
        <TextField
          label="Description"
          name="Description"
          multiline
          maxLength={2000}
          defaultValue={v("Description")}
          errors={errors.Description}
        />
        <fieldset className={css.swatches} aria-label="Colour">
          <legend className={css.label}>Colour</legend>
          {options.palette.map((colour) => (
            <label key={colour} className={css.swatch} style={{ background: colour }}>
              <input
                type="radio"
                name="Color"
                value={colour}
                defaultChecked={v("Color").toUpperCase() === colour}
                aria-label={`Colour ${colour}`}
              />
            </label>
          ))}
        </fieldset>
        {errors.Color ? <span className={fieldError}>{errors.Color}</span> : null}
        <fieldset className={css.icons}>
          <legend className={css.label}>Icon</legend>
          {hydrated ? (
            <TextField
              label="Find an icon"
              name="iconQuery"
              value={iconQuery}
              onChange={setIconQuery}
            />
          ) : null}
          {options.icons
            .filter(
              (name) =>
                name.toLowerCase().includes(iconQuery.trim().toLowerCase()) ||
                name === v("IconCharacter"),
            )
            .map((name) => (
              <label key={name} className={css.icon}>
                <input
                  type="radio"
                  name="IconCharacter"
                  value={name}
                  defaultChecked={v("IconCharacter") === name}
                />
                <TileIconGlyph name={name} />
                {name}
              </label>
            ))}
        </fieldset>
        <CheckboxField name="Enabled" defaultSelected={isOn("Enabled")}>
          Enabled
        </CheckboxField>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Index or pool</legend>
        {options.allowFileSystemDestinations ? (
          <div className={css.indexField}>
            <TextField
              label="Index (folder path)"
              name="Path"
              maxLength={1000}
              value={folder}
              onChange={setFolder}
              errors={errors.Path}
              description="A folder under the roots this site allows; leave empty to keep files in a pool."
            />
            {hydrated ? (
              <IndexBrowser value={folder} onSelect={setFolder} />
            ) : (
              <Link to={indexBrowserHref(folder)} target="_blank" rel="noopener">
                Browse folders (opens a new tab)
              </Link>
            )}
          </div>
        ) : (
          <input type="hidden" name="Path" value="" />
        )}
        <SelectField
          label="Pool"
          name="Pool"
          hydrated={hydrated}
          defaultValue={v("Pool") || "default"}
          errors={errors.Pool}
          options={options.pools.map((p) => ({ value: p.Id, label: p.Name }))}
        />
      </fieldset>
      <TextField
        label="Auto-search filter"
        name="AutoSearch"
        maxLength={2000}
        defaultValue={v("AutoSearch")}
        errors={errors.AutoSearch}
        description="Only assets matching this search expression show in the archive."
      />
      <div className={people.columns}>
        <SelectField
          label="Comments"
          name="SocialSettings.CommentType"
          hydrated={hydrated}
          defaultValue={v("SocialSettings.CommentType") || "0"}
          options={[
            { value: "0", label: "None" },
            { value: "1", label: "Built-in comments" },
          ]}
        />
        <SelectField
          label="Metadata view"
          name="MetadataSetId"
          hydrated={hydrated}
          defaultValue={v("MetadataSetId")}
          errors={errors.MetadataSetId}
          options={option(lists.metadataViews, "Choose a view")}
        />
      </div>
      <CheckboxField
        name="RobotSettings.AllowIndexing"
        defaultSelected={isOn("RobotSettings.AllowIndexing")}
      >
        Allow crawler indexing
      </CheckboxField>
      {/* Consent management needs the site's consent forms, which Arkiv does not have yet. */}
      {options.enableConsentForms ? (
        <CheckboxField
          name="EnableConsentManagement"
          defaultSelected={isOn("EnableConsentManagement")}
        >
          Consent management
        </CheckboxField>
      ) : null}
      <CheckboxField
        name="SocialSettings.AnnotationsEnabled"
        defaultSelected={isOn("SocialSettings.AnnotationsEnabled")}
      >
        Annotations
      </CheckboxField>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Navigation pane</legend>
        <CheckboxField
          name="NavigationPaneControl.TaxonomyFilters"
          defaultSelected={isOn("NavigationPaneControl.TaxonomyFilters")}
        >
          Taxonomy filters
        </CheckboxField>
        <NativeMultiSelect
          label="Taxonomy filter fields"
          name="NavigationPaneControl.SearchTreeFields"
          options={fieldOptions}
          defaultValue={strs(get(initial, "NavigationPaneControl.SearchTreeFields"))}
        />
        <CheckboxField
          name="NavigationPaneControl.ShowFolderList"
          defaultSelected={isOn("NavigationPaneControl.ShowFolderList")}
        >
          Folder list
        </CheckboxField>
        {options.allowFileSystemDestinations ? (
          <CheckboxField
            name="NavigationPaneControl.FolderListSettings.ShowDocumentFolders"
            defaultSelected={isOn("NavigationPaneControl.FolderListSettings.ShowDocumentFolders")}
          >
            Document folders
          </CheckboxField>
        ) : null}
        <CheckboxField
          name="NavigationPaneControl.ShowSmartFolders"
          isSelected={smartFolders}
          onChange={setSmartFolders}
        >
          Smart folders
        </CheckboxField>
        <CheckboxField
          name="NavigationPaneControl.EnableCustomSmartFolderName"
          defaultSelected={isOn("NavigationPaneControl.EnableCustomSmartFolderName")}
          isDisabled={hydrated && !smartFolders}
        >
          Custom smart folder name
        </CheckboxField>
        <TextField
          label="Smart folder name"
          name="NavigationPaneControl.CustomSmartFolderName"
          maxLength={100}
          defaultValue={v("NavigationPaneControl.CustomSmartFolderName")}
          errors={errors["NavigationPaneControl.CustomSmartFolderName"]}
        />
        {options.enableConsentForms ? (
          <CheckboxField
            name="NavigationPaneControl.EnableConsentStatusFilter"
            defaultSelected={isOn("NavigationPaneControl.EnableConsentStatusFilter")}
          >
            Consent status filter
          </CheckboxField>
        ) : null}
      </fieldset>
      <input type="hidden" name="IsIndexed" value={v("IsIndexed") || "true"} />
      <input type="hidden" name="DataMining.Enabled" value={v("DataMining.Enabled")} />
    </>
  );

  const macroList = fields.MetadataMacros.getFieldset().Macros;
  const macroRows = macroList.getFieldList();
  const exportImport = (
    <>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Thumbnails and previews</legend>
        <SelectField
          label="Watermark"
          name="WatermarkSettings.WatermarkFilename"
          hydrated={hydrated}
          defaultValue={v("WatermarkSettings.WatermarkFilename")}
          errors={errors["WatermarkSettings.WatermarkFilename"]}
          options={[
            { value: "", label: "No watermark" },
            ...lists.watermarks.map((w) => ({ value: w.fileName, label: w.name })),
          ]}
        />
        <SelectField
          label="Watermark position"
          name="WatermarkSettings.WatermarkAlignment"
          hydrated={hydrated}
          defaultValue={alignment}
          onChange={setAlignment}
          options={ALIGNMENTS.map((label, i) => ({ value: String(i), label }))}
        />
        <CheckboxField
          name="WatermarkSettings.ScaleToFit"
          defaultSelected={isOn("WatermarkSettings.ScaleToFit")}
          isDisabled={hydrated && alignment !== "4"}
        >
          Scale to fit (centre only)
        </CheckboxField>
        <SelectField
          label="Preview sizes (quick rendition set)"
          name="PreviewSizeList"
          hydrated={hydrated}
          defaultValue={v("PreviewSizeList")}
          options={option(lists.renditionSets, "Default sizes")}
        />
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Downloads</legend>
        <SelectField
          label="Processing"
          name="DownloadProcessing.ProcessingType"
          hydrated={hydrated}
          defaultValue={processing}
          onChange={setProcessing}
          options={[
            { value: "0", label: "Send the original" },
            { value: "1", label: "Apply a processing profile" },
            { value: "2", label: "Let people choose from a profile set" },
          ]}
        />
        {!hydrated || processing === "1" ? (
          <SelectField
            label="Processing profile"
            name="DownloadProcessing.SpecificProcessingProfile"
            hydrated={hydrated}
            defaultValue={v("DownloadProcessing.SpecificProcessingProfile").replace(EMPTY_ID, "")}
            errors={errors["DownloadProcessing.SpecificProcessingProfile"]}
            options={option(lists.processingProfiles, "Choose a profile")}
          />
        ) : null}
        {!hydrated || processing === "2" ? (
          <SelectField
            label="Processing profile set"
            name="DownloadProcessing.CustomProcessingProfileSet"
            hydrated={hydrated}
            defaultValue={v("DownloadProcessing.CustomProcessingProfileSet").replace(EMPTY_ID, "")}
            errors={errors["DownloadProcessing.CustomProcessingProfileSet"]}
            options={option(lists.processingProfileSets, "Choose a profile set")}
          />
        ) : null}
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Uploads</legend>
        <CheckboxField name="UploadEnableClientSideResize" isSelected={resize} onChange={setResize}>
          Resize images in the browser before upload
        </CheckboxField>
        <RangeField
          label="JPEG quality"
          name="UploadDefaultJpegQuality"
          min={40}
          max={100}
          step={1}
          defaultValue={Number(v("UploadDefaultJpegQuality")) || 80}
          hydrated={hydrated}
          errors={errors.UploadDefaultJpegQuality}
        />
        <CheckboxField
          name="RestrictImageSize"
          isSelected={restrictImage}
          onChange={setRestrictImage}
          isDisabled={hydrated && !resize}
        >
          Restrict image size
        </CheckboxField>
        <RangeField
          key={`image-${restrictImage}`}
          label="Largest image"
          name="UploadRestrictImageSize"
          {...SIZE_RANGE}
          defaultValue={Number(v("UploadRestrictImageSize")) || SIZE_RANGE.min}
          hydrated={hydrated}
          isDisabled={!resize || !restrictImage}
          errors={errors.UploadRestrictImageSize}
        />
        <CheckboxField
          name="RestrictFileSize"
          isSelected={restrictFile}
          onChange={setRestrictFile}
          isDisabled={hydrated && !resize}
        >
          Restrict file size
        </CheckboxField>
        <RangeField
          key={`file-${restrictFile}`}
          label="Largest file"
          name="UploadRestrictFileSize"
          {...SIZE_RANGE}
          defaultValue={Number(v("UploadRestrictFileSize")) || SIZE_RANGE.min}
          hydrated={hydrated}
          isDisabled={!resize || !restrictFile}
          errors={errors.UploadRestrictFileSize}
        />
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Cropping</legend>
        <CheckboxField
          name="AllowCropProfileChanges"
          defaultSelected={isOn("AllowCropProfileChanges")}
        >
          Allow crop profile changes
        </CheckboxField>
        <SelectField
          label="Crop profile set"
          name="CropProfileSet"
          hydrated={hydrated}
          defaultValue={v("CropProfileSet")}
          options={option(lists.cropProfileSets, "None")}
        />
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Copy, move and upload target</legend>
        <SelectField
          label="Input location"
          name="InputLocation"
          hydrated={hydrated}
          defaultValue={v("InputLocation") || "1"}
          options={[
            { value: "1", label: "Default" },
            { value: "2", label: "Chosen by the person" },
            ...(options.allowFileSystemDestinations ? [{ value: "3", label: "File system" }] : []),
          ]}
        />
        <TextField
          label="Input folder"
          name="InputFolder"
          maxLength={1000}
          defaultValue={v("InputFolder")}
          errors={errors.InputFolder}
        />
        <h3>Metadata macros</h3>
        {macroRows.length === 0 ? <p>No macros.</p> : null}
        {macroRows.map((row, i) => {
          const m = (row.initialValue ?? {}) as Values;
          const p = `MetadataMacros.Macros[${i}]`;
          return (
            <div key={row.key} className={css.row} role="group" aria-label={`Macro ${i + 1}`}>
              <SelectField
                label="Field"
                name={`${p}.Field`}
                hydrated={hydrated}
                defaultValue={str(m.Field)}
                errors={errors[`${p}.Field`]}
                options={[{ value: "", label: "Choose a field" }, ...fieldOptions]}
              />
              <SelectField
                label="Operation"
                name={`${p}.Operation`}
                hydrated={hydrated}
                defaultValue={str(m.Operation) || "0"}
                options={OPERATIONS.map((label, n) => ({ value: String(n), label }))}
              />
              <TextField
                label="Value"
                name={`${p}.Value`}
                maxLength={10_000}
                defaultValue={str(m.Value)}
                errors={errors[`${p}.Value`]}
              />
              <fieldset className={css.icons}>
                <legend className={css.label}>Applies on</legend>
                {INGESTION.map((t) => (
                  <ValueCheckbox
                    key={t.bit}
                    name={`${p}.IngestionTypes`}
                    value={t.bit}
                    defaultSelected={strs(m.IngestionTypes).includes(t.bit)}
                  >
                    {t.label}
                  </ValueCheckbox>
                ))}
              </fieldset>
              <button
                {...form.remove.getButtonProps({ name: macroList.name, index: i })}
                className={button.secondary}
              >
                {`Remove macro ${i + 1}`}
              </button>
            </div>
          );
        })}
        <div className={people.actions}>
          <button
            {...form.insert.getButtonProps({
              name: macroList.name,
              defaultValue: { Field: "", Operation: "0", Value: "", IngestionTypes: ["1"] },
            })}
            className={button.secondary}
          >
            Add macro
          </button>
        </div>
      </fieldset>
    </>
  );

  const memberRows = fields.MemberList.getFieldList();
  const access = (
    <>
      <table className={css.table}>
        <caption className={css.label}>Members</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {memberRows.map((row) => {
            const m = (row.initialValue ?? {}) as Values;
            return (
              <tr key={row.key}>
                <td>{str(m.Name) || str(m.Id)}</td>
                <td>{str(m.MemberType)}</td>
                <td>{str(m.Description)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {memberRows.map((row, i) => {
        const m = (row.initialValue ?? {}) as Values;
        const p = `MemberList[${i}]`;
        const name = str(m.Name) || `${str(m.MemberType)} ${str(m.Id)}`;
        const rowError =
          errors[`${p}.Id`] ?? errors[`${p}.MemberType`] ?? errors[`${p}.Permissions`];
        return (
          <div key={row.key} className={people.section} role="group" aria-label={`Member ${name}`}>
            <input type="hidden" name={`${p}.Id`} value={str(m.Id)} />
            <input type="hidden" name={`${p}.MemberType`} value={str(m.MemberType)} />
            <input type="hidden" name={`${p}.Name`} value={str(m.Name)} />
            <input type="hidden" name={`${p}.Description`} value={str(m.Description)} />
            <MemberPermissions
              name={`${p}.Permissions`}
              label={`Permissions of ${name}`}
              defaultValue={strs(m.Permissions) as ArchivePermission[]}
              consentEnabled={options.enableConsentForms && isOn("EnableConsentManagement")}
              versioningAvailable
            />
            <TextField
              label={`Search filter of ${name}`}
              name={`${p}.AutoSearch`}
              maxLength={2000}
              defaultValue={str(m.AutoSearch)}
              errors={errors[`${p}.AutoSearch`]}
            />
            {rowError ? (
              <p className={fieldError} role="alert">
                {rowError}
              </p>
            ) : null}
            <div className={people.actions}>
              <RemoveMember
                name={name}
                hydrated={hydrated}
                buttonProps={form.remove.getButtonProps({ name: fields.MemberList.name, index: i })}
                onConfirm={() => form.remove({ name: fields.MemberList.name, index: i })}
              />
            </div>
          </div>
        );
      })}
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Add members</legend>
        <TextField
          label="Find people and groups"
          name="memberQuery"
          maxLength={200}
          defaultValue={reply?.memberQuery ?? ""}
        />
        <div className={people.actions}>
          <Button type="submit" name="memberIntent" value="find" variant="secondary">
            Find people
          </Button>
        </div>
        {reply?.candidates && reply.candidates.length > 0 ? (
          <>
            <ul aria-label="People and groups found">
              {reply.candidates.map((c) => (
                <li key={c.key}>
                  <ValueCheckbox
                    name="addMember"
                    value={c.key}
                  >{`${c.Name} (${c.MemberType})`}</ValueCheckbox>
                </li>
              ))}
            </ul>
            <Button type="submit" name="memberIntent" value="add" variant="secondary">
              Add selected
            </Button>
          </>
        ) : reply?.memberQuery ? (
          <p>Nobody matches.</p>
        ) : null}
      </fieldset>
    </>
  );

  const propertyRows = fields.Properties.getFieldList();
  const properties = (
    <>
      {propertyRows.length === 0 ? <p>No custom properties.</p> : null}
      {propertyRows.map((row, i) => {
        const p = (row.initialValue ?? {}) as Values;
        return (
          <div key={row.key} className={css.row} role="group" aria-label={`Property ${i + 1}`}>
            <TextField
              label={`Key ${i + 1}`}
              name={`Properties[${i}].key`}
              maxLength={200}
              defaultValue={str(p.key)}
              errors={errors[`Properties[${i}].key`]}
            />
            <TextField
              label={`Value ${i + 1}`}
              name={`Properties[${i}].value`}
              maxLength={2000}
              defaultValue={str(p.value)}
              errors={errors[`Properties[${i}].value`]}
            />
            <button
              {...form.remove.getButtonProps({ name: fields.Properties.name, index: i })}
              className={button.secondary}
            >
              {`Remove property ${i + 1}`}
            </button>
          </div>
        );
      })}
      <div className={people.actions}>
        <button
          {...form.insert.getButtonProps({
            name: fields.Properties.name,
            defaultValue: { key: "", value: "" },
          })}
          className={button.secondary}
        >
          Add property
        </button>
      </div>
    </>
  );

  const sections: FormSection<TabId>[] = [
    ["general", "General", general],
    ["export", "Export/Import", exportImport],
    ["access", "Access list", access],
    ["properties", "Custom properties", properties],
  ];

  return (
    <Form method="post" {...getFormProps(form)} noValidate className={css.form}>
      <input type="hidden" name="Revision" value={v("Revision")} />
      <input type="hidden" name="Base" value={JSON.stringify(record)} />
      {errorNames.length > 0 || reply?.formError ? (
        <div role="alert" className={people.errorSummary} data-testid="error-summary">
          <p>{reply?.formError ?? "Some fields need attention:"}</p>
          {errorNames.length > 0 ? (
            <ul>
              {errorNames.map((name) => (
                <li key={name}>{`${name}: ${errors[name]}`}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <FormTabs
        sections={sections}
        selected={tab}
        onSelect={setTab}
        label="Archive settings"
        idPrefix="archive"
        panelClassName={css.panel}
        marked={tabHasErrors}
      />
      <div className={people.actions}>
        <Button type="submit">Save</Button>
        <Link to={LINKS.adminArchives} className={button.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
