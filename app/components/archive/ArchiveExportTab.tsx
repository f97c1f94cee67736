import { useState } from "react";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";
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
const SIZE_RANGE = { min: 512_000, max: 262_144_000, step: 512_000 };

const ALIGNMENTS: MessageId[] = [
  "settings.dialog.align.topLeft",
  "settings.dialog.align.topRight",
  "settings.dialog.align.bottomLeft",
  "settings.dialog.align.bottomRight",
  "settings.dialog.align.centre",
];
const OPERATIONS: MessageId[] = [
  "settings.dialog.macro.append",
  "settings.dialog.macro.prepend",
  "settings.dialog.macro.replace",
];
const INGESTION: { bit: string; label: MessageId }[] = [
  { bit: "1", label: "settings.dialog.macro.upload" },
  { bit: "2", label: "settings.dialog.macro.move" },
  { bit: "4", label: "settings.dialog.macro.copy" },
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
  const t = useT();
  const format = useFormat();
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
        <legend className={css.legend}>{t("settings.dialog.thumbnails")}</legend>
        <SelectField
          label={t("settings.dialog.field.watermark")}
          name="WatermarkSettings.WatermarkFilename"
          hydrated={hydrated}
          defaultValue={v("WatermarkSettings.WatermarkFilename")}
          errors={errors["WatermarkSettings.WatermarkFilename"]}
          options={[
            { value: "", label: t("settings.dialog.noWatermark") },
            ...lists.watermarks.map((w) => ({ value: w.fileName, label: w.name })),
          ]}
        />
        <SelectField
          label={t("settings.dialog.field.watermarkPosition")}
          name="WatermarkSettings.WatermarkAlignment"
          hydrated={hydrated}
          defaultValue={alignment}
          onChange={setAlignment}
          options={ALIGNMENTS.map((id, i) => ({ value: String(i), label: t(id) }))}
        />
        <CheckboxField
          name="WatermarkSettings.ScaleToFit"
          defaultSelected={isOn("WatermarkSettings.ScaleToFit")}
          isDisabled={hydrated && alignment !== "4"}
        >
          {t("settings.dialog.scaleToFit")}
        </CheckboxField>
        <SelectField
          label={t("settings.dialog.field.previewSizes")}
          name="PreviewSizeList"
          hydrated={hydrated}
          defaultValue={v("PreviewSizeList")}
          options={option(lists.renditionSets, t("settings.dialog.defaultSizes"))}
        />
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.downloads")}</legend>
        <SelectField
          label={t("settings.dialog.field.processing")}
          name="DownloadProcessing.ProcessingType"
          hydrated={hydrated}
          defaultValue={processing}
          onChange={setProcessing}
          options={[
            { value: "0", label: t("settings.dialog.sendOriginal") },
            { value: "1", label: t("settings.dialog.applyProfile") },
            { value: "2", label: t("settings.dialog.chooseFromSet") },
          ]}
        />
        {!hydrated || processing === "1" ? (
          <SelectField
            label={t("settings.dialog.field.processingProfile")}
            name="DownloadProcessing.SpecificProcessingProfile"
            hydrated={hydrated}
            defaultValue={v("DownloadProcessing.SpecificProcessingProfile").replace(EMPTY_ID, "")}
            errors={errors["DownloadProcessing.SpecificProcessingProfile"]}
            options={option(lists.processingProfiles, t("settings.dialog.chooseProfile"))}
          />
        ) : null}
        {!hydrated || processing === "2" ? (
          <SelectField
            label={t("settings.dialog.field.processingProfileSet")}
            name="DownloadProcessing.CustomProcessingProfileSet"
            hydrated={hydrated}
            defaultValue={v("DownloadProcessing.CustomProcessingProfileSet").replace(EMPTY_ID, "")}
            errors={errors["DownloadProcessing.CustomProcessingProfileSet"]}
            options={option(lists.processingProfileSets, t("settings.dialog.chooseProfileSet"))}
          />
        ) : null}
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.uploads")}</legend>
        <CheckboxField name="UploadEnableClientSideResize" isSelected={resize} onChange={setResize}>
          {t("settings.dialog.resize")}
        </CheckboxField>
        <RangeField
          label={t("settings.dialog.field.jpegQuality")}
          name="UploadDefaultJpegQuality"
          min={40}
          max={100}
          step={1}
          defaultValue={Number(v("UploadDefaultJpegQuality")) || 80}
          hydrated={hydrated}
          format={format.number}
          errors={errors.UploadDefaultJpegQuality}
        />
        <CheckboxField
          name="RestrictImageSize"
          isSelected={restrictImage}
          onChange={setRestrictImage}
          isDisabled={hydrated && !resize}
        >
          {t("settings.dialog.restrictImage")}
        </CheckboxField>
        <RangeField
          key={`image-${restrictImage}`}
          label={t("settings.dialog.field.largestImage")}
          name="UploadRestrictImageSize"
          {...SIZE_RANGE}
          format={(bytes) => formatBytes(bytes, format.number)}
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
          {t("settings.dialog.restrictFile")}
        </CheckboxField>
        <RangeField
          key={`file-${restrictFile}`}
          label={t("settings.dialog.field.largestFile")}
          name="UploadRestrictFileSize"
          {...SIZE_RANGE}
          format={(bytes) => formatBytes(bytes, format.number)}
          defaultValue={Number(v("UploadRestrictFileSize")) || SIZE_RANGE.min}
          hydrated={hydrated}
          isDisabled={!resize || !restrictFile}
          errors={errors.UploadRestrictFileSize}
        />
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.cropping")}</legend>
        <CheckboxField
          name="AllowCropProfileChanges"
          defaultSelected={isOn("AllowCropProfileChanges")}
        >
          {t("settings.dialog.allowCropChanges")}
        </CheckboxField>
        <SelectField
          label={t("settings.dialog.field.cropProfileSet")}
          name="CropProfileSet"
          hydrated={hydrated}
          defaultValue={v("CropProfileSet")}
          options={option(lists.cropProfileSets, t("settings.dialog.none"))}
        />
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.target")}</legend>
        <SelectField
          label={t("settings.dialog.field.inputLocation")}
          name="InputLocation"
          hydrated={hydrated}
          defaultValue={v("InputLocation") || "1"}
          options={[
            { value: "1", label: t("settings.dialog.inputDefault") },
            { value: "2", label: t("settings.dialog.inputChosen") },
            ...(options.allowFileSystemDestinations
              ? [{ value: "3", label: t("settings.dialog.inputFileSystem") }]
              : []),
          ]}
        />
        <TextField
          label={t("settings.dialog.field.inputFolder")}
          name="InputFolder"
          maxLength={1000}
          defaultValue={v("InputFolder")}
          errors={errors.InputFolder}
        />
        <h3>{t("settings.dialog.macros")}</h3>
        {macroRows.length === 0 ? <p>{t("settings.dialog.noMacros")}</p> : null}
        {macroRows.map((row, i) => {
          const m = (row.initialValue ?? {}) as Values;
          const p = `MetadataMacros.Macros[${i}]`;
          return (
            <div
              key={row.key}
              className={css.row}
              role="group"
              aria-label={t("settings.dialog.macro", { n: i + 1 })}
            >
              <SelectField
                label={t("settings.dialog.macro.field")}
                name={`${p}.Field`}
                hydrated={hydrated}
                defaultValue={str(m.Field)}
                errors={errors[`${p}.Field`]}
                options={[{ value: "", label: t("settings.dialog.chooseField") }, ...fieldOptions]}
              />
              <SelectField
                label={t("settings.dialog.macro.operation")}
                name={`${p}.Operation`}
                hydrated={hydrated}
                defaultValue={str(m.Operation) || "0"}
                options={OPERATIONS.map((id, n) => ({ value: String(n), label: t(id) }))}
              />
              <TextField
                label={t("settings.dialog.macro.value")}
                name={`${p}.Value`}
                maxLength={10_000}
                defaultValue={str(m.Value)}
                errors={errors[`${p}.Value`]}
              />
              <fieldset className={css.icons}>
                <legend className={css.label}>{t("settings.dialog.macro.appliesOn")}</legend>
                {INGESTION.map((type) => (
                  <ValueCheckbox
                    key={type.bit}
                    name={`${p}.IngestionTypes`}
                    value={type.bit}
                    defaultSelected={strs(m.IngestionTypes).includes(type.bit)}
                  >
                    {t(type.label)}
                  </ValueCheckbox>
                ))}
              </fieldset>
              <button
                {...form.remove.getButtonProps({ name: macroList.name, index: i })}
                className={button.secondary}
              >
                {t("settings.dialog.removeMacro", { n: i + 1 })}
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
            {t("settings.dialog.addMacro")}
          </button>
        </div>
      </fieldset>
    </>
  );
}
