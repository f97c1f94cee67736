import type { FormReplyBody } from "~/http/error";
import {
  cropProfileSetSchema,
  QUICK_RENDITION_FORMATS,
  renditionSetSchema,
  type CropProfileSetInput,
  type RenditionSetInput,
} from "~/models/processing/processing.schema";
import { RowsEditor } from "./RowsEditor";

/** A quick rendition set: label, longest side in pixels and format per size. */
export function RenditionSetEditor({
  set,
  reply,
}: {
  set: RenditionSetInput | null;
  reply: FormReplyBody | undefined;
}) {
  return (
    <RowsEditor
      label="Sizes"
      rowLabel="Size"
      rowsKey="Sizes"
      schema={renditionSetSchema}
      name={set?.Name ?? ""}
      rows={set?.Sizes ?? []}
      blankRow={{ Label: "", Size: "", Format: "jpeg" }}
      columns={[
        { key: "Label", label: "Label", kind: "text" },
        { key: "Size", label: "Longest side (px)", kind: "number" },
        {
          key: "Format",
          label: "Format",
          kind: "select",
          options: QUICK_RENDITION_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() })),
        },
      ]}
      reply={reply}
    />
  );
}

/** A crop profile set: label and an aspect ratio, or an exact size when "fixed" is ticked. */
export function CropProfileSetEditor({
  set,
  reply,
}: {
  set: CropProfileSetInput | null;
  reply: FormReplyBody | undefined;
}) {
  return (
    <RowsEditor
      label="Crop profiles"
      rowLabel="Crop profile"
      rowsKey="Profiles"
      schema={cropProfileSetSchema}
      name={set?.Name ?? ""}
      rows={set?.Profiles ?? []}
      blankRow={{ Label: "", Width: "", Height: "", FixedSize: "" }}
      columns={[
        { key: "Label", label: "Label", kind: "text" },
        { key: "Width", label: "Width (ratio or px)", kind: "number" },
        { key: "Height", label: "Height (ratio or px)", kind: "number" },
        { key: "FixedSize", label: "Exact pixels", kind: "checkbox" },
      ]}
      reply={reply}
    />
  );
}
