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

/*
 * The metadata administration's lists (decision 041): the tabs between fields and views, the
 * field list with its filters (a GET form, so it works without JavaScript), a built-in field's
 * facts, the view list with the archives using each, and the delete form with its confirmation.
 */

export function MetadataTabs({ current }: { current: "fields" | "views" }) {
  return (
    <LinkTabs
      label="Metadata administration"
      current={current}
      tabs={[
        { id: "fields", label: "Fields", to: METADATA_ADMIN.fields },
        { id: "views", label: "Views", to: METADATA_ADMIN.views },
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
  return (
    <div className={css.filter}>
      <DeferredSelectField
        label={label}
        name={name}
        defaultValue={value}
        options={[{ value: "", label: "All" }, ...options]}
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
  const shown = fields.filter(
    (f) =>
      (!filter.namespace || f.Namespace === filter.namespace) &&
      (!filter.group || f.Group.toLowerCase() === filter.group.toLowerCase()) &&
      (!filter.type || f.FieldType === filter.type) &&
      matchesSearch(f, q),
  );
  return (
    <>
      <Form method="get" className={css.toolbar} aria-label="Filter fields">
        <FilterSelect
          label="Namespace"
          name="namespace"
          value={filter.namespace}
          options={namespaces.map((n) => ({ value: n.Alias, label: n.Label }))}
        />
        <FilterSelect
          label="Group"
          name="group"
          value={filter.group}
          options={groups.map((g) => ({ value: g.Name, label: g.Name }))}
        />
        <FilterSelect
          label="Type"
          name="type"
          value={filter.type}
          options={fieldTypesOf(fields).map((t) => ({ value: t, label: t }))}
        />
        <label className={controls.field}>
          <span className={controls.label}>Search</span>
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
            Filter
          </Button>
        </div>
      </Form>
      <p className={muted} aria-live="polite">{`${shown.length} of ${fields.length} fields`}</p>
      <TableScroller label="Metadata fields">
        <table className={css.table}>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Label</th>
              <th scope="col">Namespace</th>
              <th scope="col">Group</th>
              <th scope="col">Type</th>
              <th scope="col">Data type</th>
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
                  {f.IsBuiltin ? <span className={muted}> (built in)</span> : null}
                </th>
                <td>{f.NamespaceLabel}</td>
                <td>{f.Group}</td>
                <td>{f.FieldType}</td>
                <td>{DATA_TYPE_LABELS[f.DataType]}</td>
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
  const facts: [string, string][] = [
    ["Id", String(field.Id)],
    ["Namespace", field.NamespaceLabel],
    ["Group", field.Group],
    ["Type", field.FieldType],
    ["Data type", DATA_TYPE_LABELS[field.DataType]],
    ["Several values", field.MultiInstance ? "Yes" : "No"],
    ["Multiline", field.Multiline ? "Yes" : "No"],
    ["Maximum size", `${field.MaxSize} characters`],
  ];
  return (
    <>
      <p className={muted}>A built-in field: it cannot be changed or removed.</p>
      <table className={css.table}>
        <tbody>
          {facts.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
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
  return (
    <TableScroller label="Metadata views">
      <table className={css.table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Regions</th>
            <th scope="col">Fields</th>
            <th scope="col">Used by archives</th>
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
                  <span className={muted}>None</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** Delete behind a native disclosure (works without JavaScript), with why it may be refused. */
export function DeleteForm({ what, note }: { what: string; note: string }) {
  return (
    <details>
      <summary className={css.summary}>{`Delete this ${what}`}</summary>
      <Form method="post" className={css.danger} aria-label={`Delete ${what}`}>
        <p>{note}</p>
        <div className={css.actions}>
          <Button type="submit" name="intent" value="delete">
            {`Delete ${what}`}
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
