import { Form } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import type { SelectOption } from "~/components/ui/NativeSelectField";
import * as css from "~/components/asset/grid.css";

export type SortOption = SelectOption;

/*
 * The sort order. A signed-in user's choice is saved (a POST that stores it in preferences and
 * redirects to ?s=…); a guest's is a GET link. Without JavaScript it is a native select with a
 * button; once hydrated, the project's deferred select (same name="s"), whose react-aria Select
 * loads when first wanted (decisions 027 and 094) and submits on change.
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
  // The hidden select takes the new value on the next render.
  const submit = () => setTimeout(() => form.current?.requestSubmit(), 0);
  return (
    <Form method={save ? "post" : "get"} ref={form} className={css.inlineForm}>
      {save ? <input type="hidden" name="intent" value="sort" /> : null}
      {queries.map((q, i) => (
        <input key={i} type="hidden" name="q" value={q} />
      ))}
      {folder !== null ? <input type="hidden" name="folder" value={folder} /> : null}
      <DeferredSelectField
        label="Sort by"
        name="s"
        options={options}
        defaultValue={value}
        onChange={hydrated ? submit : undefined}
      />
      {hydrated ? null : (
        <Button type="submit" variant="secondary" className={css.formButton}>
          Sort
        </Button>
      )}
    </Form>
  );
}
