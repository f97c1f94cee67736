import { useT, type Translate } from "~/components/locale/locale-context";
import type { MetadataSet, MetadataSetEntry } from "~/models/metadata/metadata.view";
import { muted } from "~/styles/global.css";
import * as css from "./metadata.css";
import { TableScroller } from "~/components/ui/TableScroller";
import type { MessageId } from "~/models/locale/message-id";

/*
 * A metadata view as a person reads it (decision 032): the builtin roles and each detail region
 * as a table of its fields. Read-only; the administration screens change views.
 */

/** The builtin roles' names by message id, in the order the tables show them. */
const ROLE_LABELS: Record<keyof MetadataSet["builtinFields"], MessageId> = {
  title: "metadata.role.title",
  description: "metadata.role.description",
  tags: "metadata.role.tags",
  status: "metadata.role.status",
  rating: "metadata.role.rating",
  notes: "metadata.role.notes",
};

const yesNo = (t: Translate, value: boolean) => (value ? t("metadata.yes") : t("metadata.no"));

/** The field's data type (as the API names it) and what else sets it apart. */
function kind(t: Translate, entry: MetadataSetEntry): string {
  const f = entry.field;
  const parts: string[] = [f["data-type"]];
  if (f["multi-instance"]) parts.push(t("metadata.setTables.severalValues"));
  if (f.multiline) parts.push(t("metadata.setTables.multiline"));
  if (entry["taxonomy-only"]) parts.push(t("metadata.setTables.taxonomyOnly"));
  return parts.join(", ");
}

function FieldRows({ entries, first }: { entries: [string, MetadataSetEntry][]; first: string }) {
  const t = useT();
  return (
    <TableScroller label={t("metadata.column.fields")}>
      <table className={css.table}>
        <thead>
          <tr>
            <th scope="col" className={css.headCell}>
              {first}
            </th>
            <th scope="col" className={css.headCell}>
              {t("metadata.column.id")}
            </th>
            <th scope="col" className={css.headCell}>
              {t("metadata.column.type")}
            </th>
            <th scope="col" className={css.headCell}>
              {t("metadata.column.writable")}
            </th>
            <th scope="col" className={css.headCell}>
              {t("metadata.column.required")}
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
              <td className={css.cell}>{kind(t, entry)}</td>
              <td className={css.cell}>{yesNo(t, entry.isWritable)}</td>
              <td className={css.cell}>{yesNo(t, entry.required)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

export function MetadataSetTables({ set }: { set: MetadataSet }) {
  const t = useT();
  const roles = (Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).flatMap((role) => {
    const entry = set.builtinFields[role];
    return entry
      ? [
          [
            t("metadata.setTables.roleEntry", {
              role: t(ROLE_LABELS[role]),
              field: entry.field.label,
            }),
            entry,
          ] as [string, MetadataSetEntry],
        ]
      : [];
  });
  return (
    <div className={css.regions}>
      <section aria-labelledby="builtin-fields">
        <h2 id="builtin-fields">{t("metadata.builtinFields")}</h2>
        <FieldRows entries={roles} first={t("metadata.column.roleAndField")} />
      </section>
      {set.detailRegions.map((region, i) => (
        <section key={region.name} aria-labelledby={`region-${i}`}>
          <h2 id={`region-${i}`}>{region.name}</h2>
          {region.fields.length > 0 ? (
            <FieldRows
              entries={region.fields.map((e) => [e.field.label, e] as [string, MetadataSetEntry])}
              first={t("metadata.column.field")}
            />
          ) : (
            <p className={muted}>{t("metadata.regionEmpty")}</p>
          )}
        </section>
      ))}
    </div>
  );
}
