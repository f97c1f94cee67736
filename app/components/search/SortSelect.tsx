import { Form } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import * as controls from "~/components/ui/controls.css";
import * as css from "~/components/asset/grid.css";

const loadMenu = () => import("./SortSelectMenu");
const SortSelectMenu = lazy(loadMenu);

export interface SortOption {
  value: string;
  label: string;
}

/*
 * The sort order. A signed-in user's choice is saved (a POST that stores it in preferences and
 * redirects to ?s=…); a guest's is a GET link. Without JavaScript it is a native select with a
 * button; once hydrated, react-aria's Select (same name="s"), which submits on change. Until it
 * is first opened, a button drawn as the Select's stands in for it, so its code loads only when
 * wanted (prefetched when the pointer or focus reaches the button; decision 027).
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
  const [opened, setOpened] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const change = (next: string) => {
    setCurrent(next);
    // The hidden select takes the new value on the next render.
    setTimeout(() => form.current?.requestSubmit(), 0);
  };
  const prefetch = () => void loadMenu();
  const openOnArrow = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpened(true);
    }
  };
  const standIn = (
    <div className={controls.field}>
      <span id={labelId} className={controls.label}>
        Sort by
      </span>
      <button
        type="button"
        className={css.selectButton}
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-labelledby={`${labelId} ${valueId}`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpened(true)}
        onKeyDown={openOnArrow}
      >
        <span id={valueId}>{options.find((o) => o.value === current)?.label}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <input type="hidden" name="s" value={current} />
    </div>
  );
  return (
    <Form method={save ? "post" : "get"} ref={form} className={css.inlineForm}>
      {save ? <input type="hidden" name="intent" value="sort" /> : null}
      {queries.map((q, i) => (
        <input key={i} type="hidden" name="q" value={q} />
      ))}
      {folder !== null ? <input type="hidden" name="folder" value={folder} /> : null}
      {hydrated ? (
        opened ? (
          <Suspense fallback={standIn}>
            <SortSelectMenu options={options} value={current} onChange={change} />
          </Suspense>
        ) : (
          standIn
        )
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
