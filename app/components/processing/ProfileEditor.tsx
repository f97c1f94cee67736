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
import { useT, type Translate } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

const FORMAT_LABELS: Record<(typeof PROFILE_FORMATS)[number], MessageId> = {
  original: "settings.processing.format.original",
  jpeg: "settings.processing.format.jpeg",
  png: "settings.processing.format.png",
  webp: "settings.processing.format.webp",
  tiff: "settings.processing.format.tiff",
  avif: "settings.processing.format.avif",
};
const COLOUR_LABELS: Record<(typeof COLOR_PROFILES)[number], MessageId> = {
  keep: "settings.processing.colour.keep",
  srgb: "settings.processing.colour.srgb",
  p3: "settings.processing.colour.p3",
  cmyk: "settings.processing.colour.cmyk",
  grayscale: "settings.processing.colour.gray",
};
const FIT_LABELS: Record<(typeof SIZE_FITS)[number], MessageId> = {
  inside: "settings.processing.fit.inside",
  cover: "settings.processing.fit.cover",
  fill: "settings.processing.fit.fill",
};
const SHARPEN_LABELS: Record<(typeof SHARPEN_LEVELS)[number], MessageId> = {
  none: "settings.processing.sharpen.none",
  light: "settings.processing.sharpen.light",
  medium: "settings.processing.sharpen.medium",
  strong: "settings.processing.sharpen.strong",
};
/* By the alignment's number (spec 001: 0 top left … 4 centre). */
const ALIGNMENT_LABELS: MessageId[] = [
  "settings.processing.alignment.topLeft",
  "settings.processing.alignment.topRight",
  "settings.processing.alignment.bottomLeft",
  "settings.processing.alignment.bottomRight",
  "settings.processing.alignment.centre",
];

const options = <K extends string>(t: Translate, labels: Record<K, MessageId>) =>
  Object.entries<MessageId>(labels).map(([value, label]) => ({ value, label: t(label) }));

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
  const t = useT();
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
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={css.form}
      aria-label={t("settings.processing.profile.form")}
    >
      {reply?.formError ? (
        <p className={css.error} role="alert">
          {reply.formError}
        </p>
      ) : null}
      <TextField
        label={t("settings.processing.name")}
        name="Name"
        isRequired
        maxLength={100}
        defaultValue={value("Name", profile?.Name)}
        errors={errors.Name}
      />
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.processing.profile.file")}</legend>
        <div className={css.pair}>
          <SelectField
            label={t("settings.processing.profile.format")}
            name="Format"
            hydrated={hydrated}
            options={options(t, FORMAT_LABELS)}
            defaultValue={value("Format", profile?.Format ?? "jpeg")}
            errors={errors.Format}
          />
          <NumberField
            label={t("settings.processing.profile.quality")}
            name="Quality"
            defaultValue={value("Quality", profile?.Quality ?? 85)}
            errors={errors["Quality"]}
          />
          <NumberField
            label={t("settings.processing.profile.resolution")}
            name="Resolution"
            defaultValue={value("Resolution", profile?.Resolution ?? 0)}
            errors={errors["Resolution"]}
          />
        </div>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.processing.profile.size")}</legend>
        <div className={css.pair}>
          <NumberField
            label={t("settings.processing.profile.maxWidth")}
            name="Size.Width"
            defaultValue={value("Size.Width", profile?.Size.Width ?? 0)}
            errors={errors["Size.Width"]}
          />
          <NumberField
            label={t("settings.processing.profile.maxHeight")}
            name="Size.Height"
            defaultValue={value("Size.Height", profile?.Size.Height ?? 0)}
            errors={errors["Size.Height"]}
          />
          <SelectField
            label={t("settings.processing.profile.fit")}
            name="Size.Fit"
            hydrated={hydrated}
            options={options(t, FIT_LABELS)}
            defaultValue={value("Size.Fit", profile?.Size.Fit ?? "inside")}
            errors={errors["Size.Fit"]}
          />
        </div>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.processing.profile.colourAndDetail")}</legend>
        <div className={css.pair}>
          <SelectField
            label={t("settings.processing.profile.colour")}
            name="ColorProfile"
            hydrated={hydrated}
            options={options(t, COLOUR_LABELS)}
            defaultValue={value("ColorProfile", profile?.ColorProfile ?? "keep")}
            errors={errors.ColorProfile}
          />
          <SelectField
            label={t("settings.processing.profile.sharpen")}
            name="Sharpen"
            hydrated={hydrated}
            options={options(t, SHARPEN_LABELS)}
            defaultValue={value("Sharpen", profile?.Sharpen ?? "none")}
            errors={errors.Sharpen}
          />
        </div>
        <CheckboxField
          name="KeepMetadata"
          defaultSelected={reply ? sent.KeepMetadata === "on" : (profile?.KeepMetadata ?? false)}
        >
          {t("settings.processing.profile.keepMetadata")}
        </CheckboxField>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.processing.profile.watermark")}</legend>
        <div className={css.pair}>
          <SelectField
            label={t("settings.processing.profile.watermarkImage")}
            name="Watermark.FileName"
            hydrated={hydrated}
            options={[
              { value: "", label: t("settings.processing.profile.noWatermark") },
              ...watermarks.map((w) => ({ value: w.fileName, label: w.name })),
            ]}
            defaultValue={value("Watermark.FileName", profile?.Watermark.FileName ?? "")}
            errors={errors["Watermark.FileName"]}
          />
          <SelectField
            label={t("settings.processing.profile.position")}
            name="Watermark.Alignment"
            hydrated={hydrated}
            options={ALIGNMENT_LABELS.map((label, i) => ({ value: String(i), label: t(label) }))}
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
          {t("settings.processing.profile.scaleToFit")}
        </CheckboxField>
      </fieldset>
      <span className={css.actions}>
        <Button type="submit">{t("settings.processing.save")}</Button>
      </span>
    </Form>
  );
}

/** A whole-number field of the profile. */
function NumberField(props: {
  label: string;
  name: string;
  defaultValue: string;
  errors: string | undefined;
}) {
  return <TextField {...props} type="number" inputMode="numeric" maxLength={6} />;
}

/** Conform's errors by field name, first message each. */
export function flatErrors(all: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(all).flatMap(([k, v]) => (v[0] ? [[k, v[0]] as const] : [])),
  );
}
