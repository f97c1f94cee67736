import { Form } from "@remix-run/react";
import { useRef } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import { useT } from "~/components/locale/locale-context";
import * as css from "~/components/asset/grid.css";
import type { MessageId } from "~/models/locale/message-id";
import type { SortOptionValue } from "~/models/search/sort-options";

/** Each sort order's name in the selector. */
const SORT_LABEL = {
  "-added": "grid.sort.addedNewest",
  added: "grid.sort.addedOldest",
  name: "grid.sort.nameAscending",
  "-name": "grid.sort.nameDescending",
  title: "grid.sort.title",
  "-modified": "grid.sort.modifiedNewest",
  "-captured": "grid.sort.capturedNewest",
  "-size": "grid.sort.sizeLargest",
  manual: "grid.sort.manual",
} as const satisfies Record<SortOptionValue, MessageId>;

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
  options: readonly SortOptionValue[];
  value: string;
  save: boolean;
  queries: string[];
  folder: string | null;
}) {
  const t = useT();
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
        label={t("grid.sort.label")}
        name="s"
        options={options.map((value) => ({ value, label: t(SORT_LABEL[value]) }))}
        defaultValue={value}
        onChange={hydrated ? submit : undefined}
      />
      {hydrated ? null : (
        <Button type="submit" variant="secondary" className={css.formButton}>
          {t("grid.sort.submit")}
        </Button>
      )}
    </Form>
  );
}
