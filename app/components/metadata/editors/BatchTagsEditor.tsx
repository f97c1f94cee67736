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

/**
 * A bag field over a selection: the union of the assets' values, those only some carry marked
 * (dashed, "on some assets" in their name). Each value can be removed from every asset, a value
 * only some carry applied to every asset, and new values added to every asset; each asset's
 * other values stay. Without JavaScript the same as checkboxes (add.<id>, remove.<id>) and a text
 * input whose entries a semicolon separates.
 */
export function BatchTagsEditor({
  field,
  hydrated,
  error,
}: {
  field: EditorField;
  hydrated: boolean;
  error?: string;
}) {
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
      {field.values.length === 0 ? <p className={css.notice}>No values on these assets.</p> : null}
      <ul className={css.tags} aria-label={`${field.label} values`}>
        {field.values.map(({ value, notInAll }) => {
          const where = notInAll ? "on some assets" : "on all assets";
          const pending = removed.includes(value)
            ? "remove"
            : added.includes(value)
              ? "add"
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
                <span className={visuallyHidden}> ({where})</span>
              </span>
              {hydrated ? (
                <>
                  {notInAll ? (
                    <Button
                      className={css.tagButton}
                      aria-label={`Apply ${value} to all assets`}
                      aria-pressed={pending === "add"}
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
                    aria-label={`Remove ${value} from all assets`}
                    aria-pressed={pending === "remove"}
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
                      <span className={visuallyHidden}>Apply {value} to all assets</span>
                    </Checkbox>
                  ) : null}
                  <Checkbox name={removeName(field.id)} value={value} className={css.checkbox}>
                    <span className={css.checkboxBox} aria-hidden="true" />
                    <span className={visuallyHidden}>Remove {value} from all assets</span>
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
              <span className={visuallyHidden}> (to be added)</span>
            </span>
            <Button
              className={css.tagButton}
              aria-label={`Do not add ${value}`}
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
          field={{ ...field, label: "Add to all assets" }}
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
          <Label className={css.label}>Add to all assets</Label>
          <Input className={css.input} placeholder="Values separated by ;" />
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
