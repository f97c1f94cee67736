import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import { LinkTabs } from "~/components/ui/LinkTabs";
import * as controls from "~/components/ui/controls.css";
import { fieldTypesOf, matchesSearch } from "~/models/metadata/field-picker";
import { DATA_TYPE_LABELS } from "~/models/metadata/metadata-form";
import type { FieldDefinition } from "~/models/metadata/metadata.schema";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { muted } from "~/styles/global.css";
import * as css from "./metadata-admin.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

/*
 * The metadata administration's lists (decision 041): the tabs between fields and views, the
 * field list with its filters (a GET form, so it works without JavaScript), a built-in field's
 * facts, the view list with the archives using each, and the delete form with its confirmation.
 */

export function MetadataTabs({ current }: { current: "fields" | "views" }) {
  const t = useT();
  return (
    <LinkTabs
      label={t("metadata.admin.tabs")}
      current={current}
      tabs={[
        { id: "fields", label: t("metadata.admin.tab.fields"), to: METADATA_ADMIN.fields },
        { id: "views", label: t("metadata.admin.tab.views"), to: METADATA_ADMIN.views },
      ]}
    />
  );
}

interface Filter {
  namespace: string;
  group: string;
  type: string;
}

/** A filter of the field list: "All" (empty) or one value; the scripted select loads when wanted. */
function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const t = useT();
  return (
    <div className={css.filter}>
      <DeferredSelectField
        label={label}
        name={name}
        defaultValue={value}
        options={[{ value: "", label: t("metadata.filter.all") }, ...options]}
      />
    </div>
  );
}

export function FieldList({
  fields,
  filter,
  q,
  namespaces,
  groups,
}: {
  fields: FieldDefinition[];
  filter: Filter;
  q: string;
  namespaces: { Alias: string; Label: string }[];
  groups: { Name: string }[];
}) {
  const t = useT();
  const shown = fields.filter(
    (f) =>
      (!filter.namespace || f.Namespace === filter.namespace) &&
      (!filter.group || f.Group.toLowerCase() === filter.group.toLowerCase()) &&
      (!filter.type || f.FieldType === filter.type) &&
      matchesSearch(f, q),
  );
  return (
    <>
      <Form method="get" className={css.toolbar} aria-label={t("metadata.filter.label")}>
        <FilterSelect
          label={t("metadata.column.namespace")}
          name="namespace"
          value={filter.namespace}
          options={namespaces.map((n) => ({ value: n.Alias, label: n.Label }))}
        />
        <FilterSelect
          label={t("metadata.column.group")}
          name="group"
          value={filter.group}
          options={groups.map((g) => ({ value: g.Name, label: g.Name }))}
        />
        <FilterSelect
          label={t("metadata.column.type")}
          name="type"
          value={filter.type}
          options={fieldTypesOf(fields).map((t) => ({ value: t, label: t }))}
        />
        <label className={controls.field}>
          <span className={controls.label}>{t("metadata.filter.search")}</span>
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            className={controls.input}
          />
        </label>
        <div className={controls.field}>
          <Button type="submit" variant="secondary">
            {t("metadata.filter.submit")}
          </Button>
        </div>
      </Form>
      <p className={muted} aria-live="polite">
        {t("metadata.fieldList.count", { shown: shown.length, total: fields.length })}
      </p>
      <TableScroller label={t("metadata.fieldList.title")}>
        <table className={css.table}>
          <thead>
            <tr>
              <th scope="col">{t("metadata.column.id")}</th>
              <th scope="col">{t("metadata.column.label")}</th>
              <th scope="col">{t("metadata.column.namespace")}</th>
              <th scope="col">{t("metadata.column.group")}</th>
              <th scope="col">{t("metadata.column.type")}</th>
              <th scope="col">{t("metadata.column.dataType")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((f) => (
              <tr key={f.Id}>
                <td className={css.numeric}>{f.Id}</td>
                <th scope="row">
                  <Link to={METADATA_ADMIN.field(f.Id)} className={css.link}>
                    {f.GuiLabel}
                  </Link>
                  {f.IsBuiltin ? (
                    <span className={muted}> {t("metadata.fieldList.builtIn")}</span>
                  ) : null}
                </th>
                <td>{f.NamespaceLabel}</td>
                <td>{f.Group}</td>
                <td>{f.FieldType}</td>
                <td>{t(DATA_TYPE_LABELS[f.DataType])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}

/** A built-in field, read-only: it lives in code and cannot be changed or removed. */
export function FieldFacts({ field }: { field: FieldDefinition }) {
  const t = useT();
  const yesNo = (value: boolean) => (value ? t("metadata.yes") : t("metadata.no"));
  const facts: [MessageId, string][] = [
    ["metadata.column.id", String(field.Id)],
    ["metadata.column.namespace", field.NamespaceLabel],
    ["metadata.column.group", field.Group],
    ["metadata.column.type", field.FieldType],
    ["metadata.column.dataType", t(DATA_TYPE_LABELS[field.DataType])],
    ["metadata.facts.severalValues", yesNo(field.MultiInstance)],
    ["metadata.facts.multiline", yesNo(field.Multiline)],
    ["metadata.facts.maxSize", t("metadata.facts.characters", { size: field.MaxSize })],
  ];
  return (
    <>
      <p className={muted}>{t("metadata.facts.builtIn")}</p>
      <table className={css.table}>
        <tbody>
          {facts.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{t(name)}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export interface ViewRow {
  Id: string;
  Name: string;
  regions: number;
  fields: number;
  archives: string[];
}

export function ViewList({ views }: { views: ViewRow[] }) {
  const t = useT();
  return (
    <TableScroller label={t("metadata.viewList.title")}>
      <table className={css.table}>
        <thead>
          <tr>
            <th scope="col">{t("metadata.column.name")}</th>
            <th scope="col">{t("metadata.column.id")}</th>
            <th scope="col">{t("metadata.column.regions")}</th>
            <th scope="col">{t("metadata.column.fields")}</th>
            <th scope="col">{t("metadata.column.usedBy")}</th>
          </tr>
        </thead>
        <tbody>
          {views.map((v) => (
            <tr key={v.Id}>
              <th scope="row">
                <Link to={METADATA_ADMIN.view(v.Id)} className={css.link}>
                  {v.Name}
                </Link>
              </th>
              <td>{v.Id}</td>
              <td className={css.numeric}>{v.regions}</td>
              <td className={css.numeric}>{v.fields}</td>
              <td>
                {v.archives.length > 0 ? (
                  v.archives.join(", ")
                ) : (
                  <span className={muted}>{t("metadata.none")}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** What a delete form says, for a field and for a view, by message id. */
const DELETE_WORDS: Record<"field" | "view", { summary: MessageId; action: MessageId }> = {
  field: { summary: "metadata.delete.field.summary", action: "metadata.delete.field.action" },
  view: { summary: "metadata.delete.view.summary", action: "metadata.delete.view.action" },
};

/** Delete behind a native disclosure (works without JavaScript), with why it may be refused. */
export function DeleteForm({ what, note }: { what: "field" | "view"; note: string }) {
  const t = useT();
  const words = DELETE_WORDS[what];
  return (
    <details>
      <summary className={css.summary}>{t(words.summary)}</summary>
      <Form method="post" className={css.danger} aria-label={t(words.action)}>
        <p>{note}</p>
        <div className={css.actions}>
          <Button type="submit" name="intent" value="delete">
            {t(words.action)}
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** An editor's stored revision (stale saves are refused) and its form-wide message. */
export function EditorHead({ revision, formError }: { revision?: string; formError?: string }) {
  return (
    <>
      {revision ? <input type="hidden" name="Revision" value={revision} /> : null}
      {formError ? (
        <p className={css.error} role="alert">
          {formError}
        </p>
      ) : null}
    </>
  );
}
