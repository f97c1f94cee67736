import type { MetadataSet, MetadataSetEntry } from "~/models/metadata/metadata.view";
import { muted } from "~/styles/global.css";
import * as css from "./metadata.css";
import { TableScroller } from "~/components/ui/TableScroller";

/*
 * A metadata view as a person reads it (decision 032): the builtin roles and each detail region
 * as a table of its fields. Read-only; the administration screens that change views come later.
 */

const ROLE_LABELS: Record<keyof MetadataSet["builtinFields"], string> = {
  title: "Title",
  description: "Description",
  tags: "Tags",
  status: "Status",
  rating: "Rating",
  notes: "Notes",
};

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function kind(entry: MetadataSetEntry): string {
  const f = entry.field;
  const parts: string[] = [f["data-type"]];
  if (f["multi-instance"]) parts.push("several values");
  if (f.multiline) parts.push("multiline");
  if (entry["taxonomy-only"]) parts.push("from a taxonomy only");
  return parts.join(", ");
}

function FieldRows({ entries, first }: { entries: [string, MetadataSetEntry][]; first: string }) {
  return (
    <TableScroller label="Fields">
      <table className={css.table}>
        <thead>
          <tr>
            <th scope="col" className={css.headCell}>
              {first}
            </th>
            <th scope="col" className={css.headCell}>
              Id
            </th>
            <th scope="col" className={css.headCell}>
              Type
            </th>
            <th scope="col" className={css.headCell}>
              Writable
            </th>
            <th scope="col" className={css.headCell}>
              Required
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([name, entry]) => (
            <tr key={`${name}-${entry.field.id}`}>
              <th scope="row" className={css.headCell}>
                {name}
              </th>
              <td className={`${css.cell} ${css.code}`}>{entry.field.id}</td>
              <td className={css.cell}>{kind(entry)}</td>
              <td className={css.cell}>{yesNo(entry.isWritable)}</td>
              <td className={css.cell}>{yesNo(entry.required)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

export function MetadataSetTables({ set }: { set: MetadataSet }) {
  const roles = (Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).flatMap((role) => {
    const entry = set.builtinFields[role];
    return entry
      ? [[`${ROLE_LABELS[role]}: ${entry.field.label}`, entry] as [string, MetadataSetEntry]]
      : [];
  });
  return (
    <div className={css.regions}>
      <section aria-labelledby="builtin-fields">
        <h2 id="builtin-fields">Builtin fields</h2>
        <FieldRows entries={roles} first="Role and field" />
      </section>
      {set.detailRegions.map((region, i) => (
        <section key={region.name} aria-labelledby={`region-${i}`}>
          <h2 id={`region-${i}`}>{region.name}</h2>
          {region.fields.length > 0 ? (
            <FieldRows
              entries={region.fields.map((e) => [e.field.label, e] as [string, MetadataSetEntry])}
              first="Field"
            />
          ) : (
            <p className={muted}>This region shows no fields.</p>
          )}
        </section>
      ))}
    </div>
  );
}
