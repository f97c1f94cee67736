import type {
  CropProfileSetInput,
  ProcessingProfileInput,
  ProcessingProfileSetInput,
  RenditionSetInput,
} from "./processing.schema";

/* One line saying what an entry of each list does, for the admin lists (decision 040). */

export function profileSummary(p: ProcessingProfileInput): string {
  const format = p.Format === "original" ? "original format" : p.Format.toUpperCase();
  const { Width, Height, Fit } = p.Size;
  const size =
    Width === 0 && Height === 0
      ? "full size"
      : `${Fit === "inside" ? "within" : Fit === "cover" ? "cropped to" : "stretched to"} ${Width || "any"} × ${Height || "any"} px`;
  return [
    format,
    size,
    p.ColorProfile === "keep" ? "colour kept" : p.ColorProfile,
    p.Sharpen === "none" ? null : `sharpen ${p.Sharpen}`,
    p.Watermark.FileName ? `watermark ${p.Watermark.FileName}` : null,
    p.KeepMetadata ? "metadata kept" : "metadata stripped",
    p.Resolution ? `${p.Resolution} dpi` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function profileSetSummary(s: ProcessingProfileSetInput, names: Map<string, string>) {
  return s.Profiles.map((id) => names.get(id) ?? "?").join(", ");
}

export function renditionSetSummary(s: RenditionSetInput): string {
  return s.Sizes.map((r) => `${r.Label} ${r.Size} px ${r.Format.toUpperCase()}`).join(", ");
}

export function cropSetSummary(s: CropProfileSetInput): string {
  return s.Profiles.map(
    (c) => `${c.Label} ${c.FixedSize ? `${c.Width} × ${c.Height} px` : `${c.Width}:${c.Height}`}`,
  ).join(", ");
}
