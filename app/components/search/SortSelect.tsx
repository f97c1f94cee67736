import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select, SelectValue } from "react-aria-components/Select";
import { Button as AriaButton } from "react-aria-components/Button";
import { Button } from "~/components/ui/Button";
import * as controls from "~/components/ui/controls.css";
import * as css from "~/components/asset/grid.css";
import { useHydrated } from "remix-utils/use-hydrated";

export interface SortOption {
  value: string;
  label: string;
}

/*
 * The sort order. A signed-in user's choice is saved (a POST that stores it in preferences and
 * redirects to ?s=…); a guest's is a GET link. Without JavaScript it is a native select with a
 * button; once hydrated, react-aria's Select (same name="s"), which submits on change.
 */
export function SortSelect({
  options,
  value,
  save,
  queries,
  folder,
}: {
  options: readonly SortOption[];
  value: string;
  save: boolean;
  queries: string[];
  folder: string | null;
}) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState(value);
  useEffect(() => setCurrent(value), [value]);
  return (
    <Form method={save ? "post" : "get"} ref={form} className={css.inlineForm}>
      {save ? <input type="hidden" name="intent" value="sort" /> : null}
      {queries.map((q, i) => (
        <input key={i} type="hidden" name="q" value={q} />
      ))}
      {folder !== null ? <input type="hidden" name="folder" value={folder} /> : null}
      {hydrated ? (
        <Select
          name="s"
          selectedKey={current}
          onSelectionChange={(key) => {
            setCurrent(String(key));
            // The hidden select takes the new value on the next render.
            setTimeout(() => form.current?.requestSubmit(), 0);
          }}
          className={controls.field}
        >
          <Label className={controls.label}>Sort by</Label>
          <AriaButton className={css.selectButton}>
            <SelectValue />
            <span aria-hidden="true">▾</span>
          </AriaButton>
          <Popover>
            <ListBox className={css.listBox}>
              {options.map((o) => (
                <ListBoxItem key={o.value} id={o.value} className={css.option}>
                  {o.label}
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
      ) : (
        <>
          <div className={controls.field}>
            <label htmlFor="sort-order" className={controls.label}>
              Sort by
            </label>
            <select id="sort-order" name="s" defaultValue={value} className={css.nativeSelect}>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" className={css.formButton}>
            Sort
          </Button>
        </>
      )}
    </Form>
  );
}
