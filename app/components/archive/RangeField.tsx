import { useState } from "react";
import { Label } from "react-aria-components/Label";
import { Slider, SliderOutput, SliderThumb, SliderTrack } from "react-aria-components/Slider";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import * as css from "./archive-dialog.css";
import { useT } from "~/components/locale/locale-context";

/**
 * Bytes in words, as the size sliders show them (spec 001 §9's steps): 512 kB, 1.5 MB; the
 * number in the page's conventions (1,5 MB in Norwegian) when a formatter is given.
 */
export function formatBytes(bytes: number, number: (n: number) => string = String): string {
  if (bytes < 1_024_000) return `${number(Math.round(bytes / 1000))} kB`;
  const mb = bytes / 1_024_000;
  return `${number(Number.isInteger(mb) ? mb : Number(mb.toFixed(1)))} MB`;
}

/**
 * A number chosen from a range (JPEG quality, the upload size limits): with JavaScript a
 * react-aria Slider whose value posts through a hidden input; without it a number field.
 */
export function RangeField({
  label,
  name,
  min,
  max,
  step,
  defaultValue,
  hydrated,
  isDisabled,
  format = String,
  errors,
}: {
  label: string;
  name: string;
  min: number;
  max: number;
  step: number;
  defaultValue: number;
  hydrated: boolean;
  isDisabled?: boolean;
  format?: (value: number) => string;
  errors?: string;
}) {
  const t = useT();
  const [value, setValue] = useState(Math.min(max, Math.max(min, defaultValue)));
  if (!hydrated)
    return (
      <TextField
        label={label}
        name={name}
        type="number"
        inputMode="numeric"
        defaultValue={String(defaultValue)}
        description={t("settings.dialog.range", { min: format(min), max: format(max) })}
        errors={errors}
      />
    );
  return (
    <Slider
      value={value}
      onChange={setValue}
      minValue={min}
      maxValue={max}
      step={step}
      isDisabled={isDisabled}
      className={css.slider}
    >
      <div className={css.sliderHead}>
        <Label className={controls.label}>{label}</Label>
        <SliderOutput>{({ state }) => format(state.getThumbValue(0))}</SliderOutput>
      </div>
      <SliderTrack className={css.sliderTrack}>
        <SliderThumb className={css.sliderThumb} />
      </SliderTrack>
      <input type="hidden" name={name} value={value} />
      {errors ? <span className={controls.fieldError}>{errors}</span> : null}
    </Slider>
  );
}
