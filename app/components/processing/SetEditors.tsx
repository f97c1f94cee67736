import type { FormReplyBody } from "~/http/error";
import { useT } from "~/components/locale/locale-context";
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
  const t = useT();
  return (
    <RowsEditor
      label={t("settings.processing.renditionSet.sizes")}
      rowWords={{
        row: (n) => t("settings.processing.renditionSet.row", { n }),
        remove: (n) => t("settings.processing.renditionSet.remove", { n }),
        add: t("settings.processing.renditionSet.add"),
        fillIn: t("settings.processing.renditionSet.fillIn"),
      }}
      rowsKey="Sizes"
      schema={renditionSetSchema}
      name={set?.Name ?? ""}
      rows={set?.Sizes ?? []}
      blankRow={{ Label: "", Size: "", Format: "jpeg" }}
      columns={[
        { key: "Label", label: t("settings.processing.label"), kind: "text" },
        { key: "Size", label: t("settings.processing.renditionSet.longestSide"), kind: "number" },
        {
          key: "Format",
          label: t("settings.processing.renditionSet.format"),
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
  const t = useT();
  return (
    <RowsEditor
      label={t("settings.processing.cropSet.profiles")}
      rowWords={{
        row: (n) => t("settings.processing.cropSet.row", { n }),
        remove: (n) => t("settings.processing.cropSet.remove", { n }),
        add: t("settings.processing.cropSet.add"),
        fillIn: t("settings.processing.cropSet.fillIn"),
      }}
      rowsKey="Profiles"
      schema={cropProfileSetSchema}
      name={set?.Name ?? ""}
      rows={set?.Profiles ?? []}
      blankRow={{ Label: "", Width: "", Height: "", FixedSize: "" }}
      columns={[
        { key: "Label", label: t("settings.processing.label"), kind: "text" },
        { key: "Width", label: t("settings.processing.cropSet.width"), kind: "number" },
        { key: "Height", label: t("settings.processing.cropSet.height"), kind: "number" },
        { key: "FixedSize", label: t("settings.processing.cropSet.exact"), kind: "checkbox" },
      ]}
      reply={reply}
    />
  );
}
