import { withZod } from "@remix-validated-form/with-zod";
import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { TAXONOMY_ACL } from "~/models/taxonomy/taxonomy-acl";
import { taxonomyItemFormSchema } from "~/models/taxonomy/taxonomy.schema";
import type { TaxonomyItemInfoView } from "~/models/taxonomy/taxonomy.view";
import { LabelValueFields, useLabelValue } from "./LabelValueFields";
import * as css from "./taxonomy.css";
import { useLocalizedValidator } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

/*
 * Add or edit one taxonomy item (spec 002 §5): label and value are required after trimming; the
 * value follows the label (< and > stripped) until someone edits it by hand; with JavaScript the
 * OK button is enabled only when something changed, Enter submits and Escape cancels. A flat
 * remix-validated-form: the browser checks it with the action's schema, and without JavaScript
 * it is a plain form the server checks the same way; either way the errors show by their fields.
 */

const itemValidator = withZod(taxonomyItemFormSchema);

export interface ItemFormProps {
  intent: "add" | "edit";
  item?: TaxonomyItemInfoView | null;
  parent?: number | null;
  open: number[];
  q: string;
  cancel: string;
  formError?: string;
  repopulate?: Record<string, unknown>;
}

const text = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);

/** The ACL entries a person ticks, by their words (Hint is not used). */
const ACL_LABELS: Record<Exclude<(typeof TAXONOMY_ACL)[number], "Hint">, MessageId> = {
  Navigate: "taxonomy.acl.navigate",
  Query: "taxonomy.acl.query",
  Set: "taxonomy.acl.set",
};

export function TaxonomyItemForm(props: ItemFormProps) {
  const t = useT();
  const { item, repopulate: r } = props;
  const initial = {
    name: text(r?.name, item?.name ?? ""),
    value: text(r?.value, item?.value ?? ""),
    description: text(r?.description, item?.description ?? ""),
    customSearch: text(r?.customSearch, item?.customSearch ?? ""),
  };
  const labelValue = useLabelValue(initial, props.intent === "add");
  const { name, value } = labelValue;
  const [description, setDescription] = useState(initial.description);
  const [customSearch, setCustomSearch] = useState(initial.customSearch);
  const [acl, setAcl] = useState<string[]>(item?.acl ?? ["Navigate", "Query", "Set"]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const navigate = useNavigate();
  const changed =
    name !== initial.name ||
    value !== initial.value ||
    description !== initial.description ||
    customSearch !== initial.customSearch ||
    acl.join() !== (item?.acl ?? ["Navigate", "Query", "Set"]).join() ||
    props.intent === "add";
  const ready = name.trim() !== "" && value.trim() !== "" && changed;
  const title =
    props.intent === "add"
      ? t("taxonomy.item.add")
      : item
        ? t("taxonomy.item.edit", { name: item.name })
        : t("taxonomy.item.editBare");
  return (
    <ValidatedForm
      validator={useLocalizedValidator(itemValidator)}
      method="post"
      noValidate
      className={css.form}
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          navigate(props.cancel);
        }
      }}
    >
      <h2>{title}</h2>
      <input type="hidden" name="intent" value={props.intent} />
      {item && props.intent === "edit" ? <input type="hidden" name="item" value={item.id} /> : null}
      {props.parent ? <input type="hidden" name="parent" value={props.parent} /> : null}
      <input type="hidden" name="open" value={props.open.join(",")} />
      {props.q ? <input type="hidden" name="q" value={props.q} /> : null}
      {props.formError ? (
        <p role="alert" className={css.error}>
          {props.formError}
        </p>
      ) : null}
      <LabelValueFields state={labelValue} validated />
      <ValidatedTextField
        label={t("taxonomy.field.description")}
        name="description"
        value={description}
        onChange={setDescription}
      />
      <ValidatedTextField
        label={t("taxonomy.field.customSearch")}
        name="customSearch"
        value={customSearch}
        onChange={setCustomSearch}
        description={t("taxonomy.field.customSearchHelp")}
      />
      <fieldset className={css.fieldset}>
        <legend>{t("taxonomy.acl.legend")}</legend>
        {TAXONOMY_ACL.filter((a): a is keyof typeof ACL_LABELS => a !== "Hint").map((entry) => (
          <label key={entry}>
            <input
              type="checkbox"
              name="acl"
              value={entry}
              checked={acl.includes(entry)}
              onChange={(event) =>
                setAcl((now) =>
                  event.target.checked ? [...now, entry] : now.filter((a) => a !== entry),
                )
              }
            />{" "}
            {t(ACL_LABELS[entry])}
          </label>
        ))}
      </fieldset>
      <div className={css.row}>
        <Button type="submit" isDisabled={hydrated && !ready}>
          {t("taxonomy.action.ok")}
        </Button>
        <a href={props.cancel} className={css.link}>
          {t("taxonomy.action.cancel")}
        </a>
      </div>
    </ValidatedForm>
  );
}
