import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
import * as people from "~/components/user/users.css";
import { useT } from "~/components/locale/locale-context";
import { str, type DialogFields, type DialogForm, type Values } from "./archive-dialog-form";
import * as css from "./archive-dialog.css";

/** The Custom properties tab: key and value rows. */
export function ArchivePropertiesTab({
  errors,
  form,
  fields,
}: {
  errors: Record<string, string>;
  form: DialogForm;
  fields: DialogFields;
}) {
  const t = useT();
  const propertyRows = fields.Properties.getFieldList();
  return (
    <>
      {propertyRows.length === 0 ? <p>{t("settings.properties.none")}</p> : null}
      {propertyRows.map((row, i) => {
        const p = (row.initialValue ?? {}) as Values;
        return (
          <div
            key={row.key}
            className={css.row}
            role="group"
            aria-label={t("settings.properties.row", { n: i + 1 })}
          >
            <TextField
              label={t("settings.dialog.propertyKey", { n: i + 1 })}
              name={`Properties[${i}].key`}
              maxLength={200}
              defaultValue={str(p.key)}
              errors={errors[`Properties[${i}].key`]}
            />
            <TextField
              label={t("settings.dialog.propertyValue", { n: i + 1 })}
              name={`Properties[${i}].value`}
              maxLength={2000}
              defaultValue={str(p.value)}
              errors={errors[`Properties[${i}].value`]}
            />
            <button
              {...form.remove.getButtonProps({ name: fields.Properties.name, index: i })}
              className={button.secondary}
            >
              {t("settings.properties.remove", { n: i + 1 })}
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
          {t("settings.properties.add")}
        </button>
      </div>
    </>
  );
}
