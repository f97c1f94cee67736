import { useId, useState, type KeyboardEvent } from "react";
import { Button } from "react-aria-components/Button";
import { Checkbox } from "react-aria-components/Checkbox";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { TextField } from "react-aria-components/TextField";
import { TaxonomyPicker } from "~/components/taxonomy/TaxonomyPicker";
import { visuallyHidden } from "~/styles/global.css";
import { addName, removeName, splitEntries, type EditorField } from "./field-form";
import * as css from "./editors.css";
import { useT } from "~/components/locale/locale-context";

/**
 * A bag field over a selection: the union of the assets' values, those only some carry marked
 * (dashed, "on some assets" in their name). Each value can be removed from every asset, a value
 * only some carry applied to every asset, and new values added to every asset; each asset's
 * other values stay. Without JavaScript the same as checkboxes (add.<id>, remove.<id>) and a text
 * input whose entries a semicolon separates.
 */
/** A value's pending change, as its data-pending attribute names it. */
const PENDING = { add: "add", remove: "remove" } as const;

export function BatchTagsEditor({
  field,
  hydrated,
  error,
}: {
  field: EditorField;
  hydrated: boolean;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const [added, setAdded] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [draft, setDraft] = useState("");
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const existing = field.values.map((v) => v.value);
  const newOnes = added.filter((v) => !existing.includes(v));
  const addDraft = () => {
    const entries = splitEntries([draft]);
    setAdded((list) => [...list, ...entries.filter((v) => !list.includes(v))]);
    setRemoved((list) => list.filter((v) => !entries.includes(v)));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || draft.trim() === "") return;
    event.preventDefault();
    addDraft();
  };
  return (
    <fieldset className={css.field} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={css.label}>{field.label}</legend>
      {field.values.length === 0 ? <p className={css.notice}>{t("asset.batch.noValues")}</p> : null}
      <ul className={css.tags} aria-label={t("asset.editor.values", { label: field.label })}>
        {field.values.map(({ value, notInAll }) => {
          const pending = removed.includes(value)
            ? PENDING.remove
            : added.includes(value)
              ? PENDING.add
              : undefined;
          return (
            <li
              key={value}
              className={css.tag}
              data-not-in-all={notInAll ? "true" : "false"}
              data-pending={pending}
            >
              <span>
                {field.taxonomy?.names[value] ?? value}
                <span className={visuallyHidden}>
                  {" "}
                  {notInAll ? t("asset.batch.onSome") : t("asset.batch.onAll")}
                </span>
              </span>
              {hydrated ? (
                <>
                  {notInAll ? (
                    <Button
                      className={css.tagButton}
                      aria-label={t("asset.batch.apply", { value })}
                      aria-pressed={pending === PENDING.add}
                      onPress={() => {
                        setAdded((l) => toggle(l, value));
                        setRemoved((l) => l.filter((v) => v !== value));
                      }}
                    >
                      ＋
                    </Button>
                  ) : null}
                  <Button
                    className={css.tagButton}
                    aria-label={t("asset.batch.remove", { value })}
                    aria-pressed={pending === PENDING.remove}
                    onPress={() => {
                      setRemoved((l) => toggle(l, value));
                      setAdded((l) => l.filter((v) => v !== value));
                    }}
                  >
                    ×
                  </Button>
                </>
              ) : (
                <>
                  {notInAll ? (
                    <Checkbox name={addName(field.id)} value={value} className={css.checkbox}>
                      <span className={css.checkboxBox} aria-hidden="true" />
                      <span className={visuallyHidden}>{t("asset.batch.apply", { value })}</span>
                    </Checkbox>
                  ) : null}
                  <Checkbox name={removeName(field.id)} value={value} className={css.checkbox}>
                    <span className={css.checkboxBox} aria-hidden="true" />
                    <span className={visuallyHidden}>{t("asset.batch.remove", { value })}</span>
                  </Checkbox>
                </>
              )}
            </li>
          );
        })}
        {newOnes.map((value) => (
          <li key={value} className={css.tag} data-pending="add">
            <span>
              {value}
              <span className={visuallyHidden}> {t("asset.batch.toBeAdded")}</span>
            </span>
            <Button
              className={css.tagButton}
              aria-label={t("asset.batch.doNotAdd", { value })}
              onPress={() => setAdded((l) => l.filter((v) => v !== value))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {hydrated ? (
        <>
          {added.map((v) => (
            <input key={`a-${v}`} type="hidden" name={addName(field.id)} value={v} />
          ))}
          {removed.map((v) => (
            <input key={`r-${v}`} type="hidden" name={removeName(field.id)} value={v} />
          ))}
        </>
      ) : null}
      {hydrated && field.taxonomy ? (
        // A taxonomy's terms are picked (decision 060): each one picked is added to all.
        <TaxonomyPicker
          field={{ ...field, label: t("asset.batch.addToAll") }}
          name=""
          values={[]}
          addOnly
          hydrated
          onChange={(picked) => {
            setAdded((list) => [...list, ...picked.filter((v) => !list.includes(v))]);
            setRemoved((list) => list.filter((v) => !picked.includes(v)));
          }}
        />
      ) : (
        <TextField
          name={hydrated ? undefined : addName(field.id)}
          value={hydrated ? draft : undefined}
          onChange={hydrated ? setDraft : undefined}
          onKeyDown={hydrated ? onKeyDown : undefined}
          onBlur={hydrated && draft.trim() !== "" ? addDraft : undefined}
          className={css.field}
        >
          <Label className={css.label}>{t("asset.batch.addToAll")}</Label>
          <Input className={css.input} placeholder={t("asset.batch.separated")} />
        </TextField>
      )}
      {error ? (
        <span id={`${id}-error`} className={css.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
