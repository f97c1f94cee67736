import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { conformResult, type FormReplyBody } from "~/http/error";
import {
  COLOR_PROFILES,
  PROFILE_FORMATS,
  processingProfileSchema,
  SHARPEN_LEVELS,
  SIZE_FITS,
  type ProcessingProfileInput,
} from "~/models/processing/processing.schema";
import * as css from "./processing.css";
import { useConformErrors } from "~/components/locale/validation";

const FORMAT_LABELS: Record<(typeof PROFILE_FORMATS)[number], string> = {
  original: "Same as the original",
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  tiff: "TIFF",
  avif: "AVIF",
};
const COLOUR_LABELS: Record<(typeof COLOR_PROFILES)[number], string> = {
  keep: "Keep the original's",
  srgb: "sRGB",
  p3: "Display P3",
  cmyk: "CMYK (JPEG and TIFF)",
  gray: "Greyscale",
};
const FIT_LABELS: Record<(typeof SIZE_FITS)[number], string> = {
  inside: "Fit inside",
  cover: "Crop to fill",
  fill: "Stretch",
};
export const ALIGNMENT_LABELS = ["Top left", "Top right", "Bottom left", "Bottom right", "Centre"];

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries<string>(labels).map(([value, label]) => ({ value, label }));

/** The profile's form; names nest as the schema reads them ("Size.Width"). */
export function ProfileEditor({
  profile,
  watermarks,
  reply,
}: {
  profile: ProcessingProfileInput | null;
  watermarks: { fileName: string; name: string }[];
  reply: FormReplyBody | undefined;
}) {
  const hydrated = useHydrated();
  const conformErrors = useConformErrors();
  const [form] = useForm({
    lastResult: reply ? conformResult(reply) : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: processingProfileSchema, formatError: conformErrors }),
  });
  const errors = { ...(reply?.fieldErrors ?? {}), ...flatErrors(form.allErrors) };
  const sent = (reply?.repopulateFields ?? {}) as Record<string, string | undefined>;
  const value = (name: string, fallback: unknown) => sent[name] ?? String(fallback ?? "");
  const [alignment, setAlignment] = useState(
    value("Watermark.Alignment", profile?.Watermark.Alignment ?? 4),
  );
  const number = (name: string, label: string, fallback: number) => (
    <TextField
      label={label}
      name={name}
      type="number"
      inputMode="numeric"
      defaultValue={value(name, fallback)}
      errors={errors[name]}
      maxLength={6}
    />
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={css.form}
      aria-label="Processing profile"
    >
      {reply?.formError ? (
        <p className={css.error} role="alert">
          {reply.formError}
        </p>
      ) : null}
      <TextField
        label="Name"
        name="Name"
        isRequired
        maxLength={100}
        defaultValue={value("Name", profile?.Name)}
        errors={errors.Name}
      />
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>File</legend>
        <div className={css.pair}>
          <SelectField
            label="Format"
            name="Format"
            hydrated={hydrated}
            options={options(FORMAT_LABELS)}
            defaultValue={value("Format", profile?.Format ?? "jpeg")}
            errors={errors.Format}
          />
          {number("Quality", "Quality (JPEG, WebP, AVIF)", profile?.Quality ?? 85)}
          {number("Resolution", "Resolution (dpi, 0 keeps it)", profile?.Resolution ?? 0)}
        </div>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Size (0 for no limit)</legend>
        <div className={css.pair}>
          {number("Size.Width", "Maximum width", profile?.Size.Width ?? 0)}
          {number("Size.Height", "Maximum height", profile?.Size.Height ?? 0)}
          <SelectField
            label="Fit"
            name="Size.Fit"
            hydrated={hydrated}
            options={options(FIT_LABELS)}
            defaultValue={value("Size.Fit", profile?.Size.Fit ?? "inside")}
            errors={errors["Size.Fit"]}
          />
        </div>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Colour and detail</legend>
        <div className={css.pair}>
          <SelectField
            label="Colour profile"
            name="ColorProfile"
            hydrated={hydrated}
            options={options(COLOUR_LABELS)}
            defaultValue={value("ColorProfile", profile?.ColorProfile ?? "keep")}
            errors={errors.ColorProfile}
          />
          <SelectField
            label="Sharpen"
            name="Sharpen"
            hydrated={hydrated}
            options={SHARPEN_LEVELS.map((s) => ({
              value: s,
              label: s[0]!.toUpperCase() + s.slice(1),
            }))}
            defaultValue={value("Sharpen", profile?.Sharpen ?? "none")}
            errors={errors.Sharpen}
          />
        </div>
        <CheckboxField
          name="KeepMetadata"
          defaultSelected={reply ? sent.KeepMetadata === "on" : (profile?.KeepMetadata ?? false)}
        >
          Keep the metadata (EXIF, XMP)
        </CheckboxField>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Watermark</legend>
        <div className={css.pair}>
          <SelectField
            label="Watermark image"
            name="Watermark.FileName"
            hydrated={hydrated}
            options={[
              { value: "", label: "None" },
              ...watermarks.map((w) => ({ value: w.fileName, label: w.name })),
            ]}
            defaultValue={value("Watermark.FileName", profile?.Watermark.FileName ?? "")}
            errors={errors["Watermark.FileName"]}
          />
          <SelectField
            label="Position"
            name="Watermark.Alignment"
            hydrated={hydrated}
            options={ALIGNMENT_LABELS.map((label, i) => ({ value: String(i), label }))}
            defaultValue={alignment}
            onChange={setAlignment}
            errors={errors["Watermark.Alignment"]}
          />
        </div>
        <CheckboxField
          name="Watermark.ScaleToFit"
          isDisabled={hydrated && alignment !== "4"}
          defaultSelected={
            reply ? sent["Watermark.ScaleToFit"] === "on" : (profile?.Watermark.ScaleToFit ?? false)
          }
        >
          Scale to fit (centre only)
        </CheckboxField>
      </fieldset>
      <span className={css.actions}>
        <Button type="submit">Save</Button>
      </span>
    </Form>
  );
}

/** Conform's errors by field name, first message each. */
export function flatErrors(all: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(all).flatMap(([k, v]) => (v[0] ? [[k, v[0]] as const] : [])),
  );
}
