import { useState } from "react";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
import * as people from "~/components/user/users.css";
import { EMPTY_ID } from "~/models/archive/archive.schema";
import {
  fieldOptionsOf,
  option,
  reader,
  str,
  strs,
  type DialogFields,
  type DialogForm,
  type TabProps,
  type Values,
} from "./archive-dialog-form";
import { ValueCheckbox } from "./ArchiveDialogFields";
import { formatBytes, RangeField } from "./RangeField";
import * as css from "./archive-dialog.css";

/** The upload size sliders: 512000 to 262144000 bytes in steps of 512000 (spec 001 §9). */
const SIZE_RANGE = { min: 512_000, max: 262_144_000, step: 512_000, format: formatBytes };

const ALIGNMENTS = ["Top left", "Top right", "Bottom left", "Bottom right", "Centre"];
const OPERATIONS = ["Append", "Prepend", "Replace"];
const INGESTION = [
  { bit: "1", label: "Upload" },
  { bit: "2", label: "Move" },
  { bit: "4", label: "Copy" },
];

/** The Export/Import tab: watermark and previews, downloads, uploads, cropping, input, macros. */
export function ArchiveExportTab({
  initial,
  errors,
  hydrated,
  options,
  lists,
  form,
  fields,
}: TabProps & { form: DialogForm; fields: DialogFields }) {
  const { v, isOn } = reader(initial);
  const [processing, setProcessing] = useState(v("DownloadProcessing.ProcessingType") || "0");
  const [alignment, setAlignment] = useState(v("WatermarkSettings.WatermarkAlignment") || "4");
  const [resize, setResize] = useState(isOn("UploadEnableClientSideResize"));
  const [restrictImage, setRestrictImage] = useState(isOn("RestrictImageSize"));
  const [restrictFile, setRestrictFile] = useState(isOn("RestrictFileSize"));
  const fieldOptions = fieldOptionsOf(lists);
  const macroList = fields.MetadataMacros.getFieldset().Macros;
  const macroRows = macroList.getFieldList();
  return (
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
}
