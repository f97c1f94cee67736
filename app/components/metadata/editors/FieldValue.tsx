import { useT, type Translate } from "~/components/locale/locale-context";
import { CHECKED_VALUE, formatDateValue, type EditorField } from "./field-form";
import * as css from "./editors.css";

/** How view mode writes one value: dates as YYYY-MM-DD HH:mm, options by their label. */
function shown(t: Translate, field: EditorField, value: string): string {
  if (field.dataType === "date" || field.dataType === "date-dropdown")
    return formatDateValue(value);
  if (field.dataType === "checkbox")
    return value === CHECKED_VALUE ? t("asset.editor.yes") : t("asset.editor.no");
  if (field.taxonomy) return field.taxonomy.names[value] ?? value;
  return field.options.find((o) => o.value === value)?.label ?? value;
}

/** View mode: the value, or the empty, required-empty or mixed state in words. */
export function FieldValue({ field, values }: { field: EditorField; values: string[] }) {
  const t = useT();
  if (field.dataType === "password" && values.length > 0)
    return <p className={css.value}>••••••••</p>;
  if (field.mixed) return <p className={css.value}>{t("asset.editor.mixed")}</p>;
  if (values.length === 0)
    return (
      <p
        className={css.value}
        data-empty="true"
        data-required-empty={field.required ? "true" : "false"}
      >
        {field.required ? t("asset.editor.requiredNotSet") : t("asset.editor.notSet")}
      </p>
    );
  if (field.multiInstance)
    return (
      <ul className={css.tags} aria-label={t("asset.editor.values", { label: field.label })}>
        {values.map((v) => (
          <li key={v} className={css.tag}>
            {shown(t, field, v)}
          </li>
        ))}
      </ul>
    );
  return <p className={css.value}>{shown(t, field, values[0]!)}</p>;
}
