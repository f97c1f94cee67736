import { useState } from "react";
import { useT } from "~/components/locale/locale-context";
import { resolveKeyed } from "~/models/locale/keyed";
import * as editors from "~/components/metadata/editors/editors.css";
import * as dialogCss from "~/components/shell/error.css";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { TextField } from "~/components/ui/TextField";
import type { PickerItem } from "~/models/taxonomy/taxonomy-fields";
import { LabelValueFields, useLabelValue } from "./LabelValueFields";
import { changePickerTerm } from "./TaxonomyPickerData";
import * as css from "./taxonomy-picker.css";

/**
 * The taxonomy popover's edit modal (spec 002 "Taxonomy popover", allowTaxonomyEditing): a term's
 * label, value and description, with the same rules as the administration page's item form (both
 * required after trimming, the value following the label until edited by hand, OK only once
 * something changed; Enter saves, Escape cancels), and its deletion after a confirmation. Its
 * search and ACL stay with the administration page, linked from here.
 */
export function TermEditModal({
  item,
  pickerHref,
  adminHref,
  onSaved,
  onDeleted,
  onClose,
}: {
  item: PickerItem;
  pickerHref: string;
  /** The administration page's form for the term, for everything this modal leaves out. */
  adminHref: string;
  onSaved: (item: PickerItem) => void;
  onDeleted: (removed: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  // The picker's own failures come keyed (TaxonomyPickerData); the server's, already in words.
  const resolve = (text: string) => resolveKeyed(text, t);
  const named = { name: item.name };
  const labelValue = useLabelValue(item, false);
  const { name, value } = labelValue;
  const [description, setDescription] = useState(item.description);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const changed = name !== item.name || value !== item.value || description !== item.description;
  const ready = name.trim() !== "" && value.trim() !== "" && changed && !busy;

  const save = async () => {
    if (!ready) return;
    setBusy(true);
    const result = await changePickerTerm(pickerHref, {
      intent: "edit",
      item: item.id,
      name,
      value,
      description,
    });
    setBusy(false);
    if ("item" in result) onSaved(result.item);
    else if ("errors" in result) {
      setErrors(result.errors);
      setMessage(Object.keys(result.errors).length > 0 ? null : result.message);
    }
  };

  const remove = async () => {
    setBusy(true);
    const result = await changePickerTerm(pickerHref, { intent: "delete", item: item.id });
    setBusy(false);
    if ("removed" in result) onDeleted(result.removed);
    else if ("errors" in result) setMessage(result.errors.name ?? result.message);
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      role={confirming ? "alertdialog" : "dialog"}
      aria-label={t(confirming ? "taxonomy.item.deleteNamed" : "taxonomy.item.edit", named)}
      title={t(confirming ? "taxonomy.picker.deleteTitle" : "taxonomy.item.edit", named)}
    >
      {message ? (
        <p role="alert" className={editors.error}>
          {resolve(message)}
        </p>
      ) : null}
      {confirming ? (
        <>
          <p>
            {t(item.hasChildren ? "taxonomy.picker.deleteNoteTree" : "taxonomy.picker.deleteNote")}
          </p>
          <div className={dialogCss.actions}>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              {t("taxonomy.action.cancel")}
            </Button>
            <Button autoFocus isDisabled={busy} onPress={() => void remove()}>
              {t("taxonomy.action.delete")}
            </Button>
          </div>
        </>
      ) : (
        <form
          aria-label={t("taxonomy.item.edit", named)}
          onSubmit={(event) => {
            event.preventDefault();
            // React carries a portal's events up its own tree: the field's form around the
            // picker must not take this submit as its own Save.
            event.stopPropagation();
            void save();
          }}
        >
          <LabelValueFields state={labelValue} errors={errors} />
          <TextField
            label={t("taxonomy.field.description")}
            name="description"
            value={description}
            errors={errors.description}
            onChange={setDescription}
          />
          <p>
            <a href={adminHref} className={css.link}>
              {t("taxonomy.picker.settingsOf", named)}
            </a>
          </p>
          <div className={dialogCss.actions}>
            <Button variant="secondary" onPress={() => setConfirming(true)}>
              {t("taxonomy.action.deleteAsk")}
            </Button>
            <Button variant="secondary" onPress={onClose}>
              {t("taxonomy.action.cancel")}
            </Button>
            <Button type="submit" isDisabled={!ready}>
              {t("taxonomy.action.ok")}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
