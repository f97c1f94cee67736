import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { TableScroller } from "~/components/ui/TableScroller";
import * as controls from "~/components/ui/controls.css";
import { GROUP_COLUMNS, type GroupColumn } from "~/models/group/group.schema";
import { muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./groups.css";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

export interface GroupRowData {
  id: number;
  name: string;
  description: string;
  isBuiltIn: boolean;
  actions: { delete: boolean; update: boolean };
  members: {
    users: { id: number; username: string; fullName: string }[];
    groups: { id: number; name: string }[];
    hasMore: boolean;
  } | null;
}

const COLUMN_LABELS: Record<GroupColumn, MessageId> = {
  id: "people.users.column.id",
  name: "people.group.field.name",
  description: "people.group.field.description",
};

const SORT_ARROWS = { asc: " ▲", desc: " ▼" } as const;
const FLIPPED = { asc: "desc", desc: "asc" } as const;
const ASCENDING = "asc";

/** The search box: a plain GET form; with JavaScript it searches 300 ms after typing stops. */
function GroupSearch({ q }: { q: string }) {
  const t = useT();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      ref={form}
      className={css.searchForm}
      role="search"
      aria-label={t("people.groups.list")}
    >
      <SearchField
        name="q"
        defaultValue={q}
        className={controls.field}
        onChange={() => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (form.current) submit(form.current, { replace: true });
          }, 300);
        }}
      >
        <Label className={controls.label}>{t("people.groups.searchLabel")}</Label>
        <Input className={controls.input} maxLength={200} />
      </SearchField>
      <Button type="submit" variant="secondary">
        {t("people.users.search")}
      </Button>
    </Form>
  );
}

/**
 * The column chooser: a native disclosure with a plain form; with JavaScript each change saves
 * at once and the last ticked column cannot be unticked.
 */
function ColumnChooser({
  columns,
  back,
  error,
}: {
  columns: GroupColumn[];
  back: string;
  error?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [shown, setShown] = useState<GroupColumn[]>(columns);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  useEffect(() => setShown(columns), [columns]);
  return (
    <details className={css.chooser} open={Boolean(error)}>
      <summary className={css.summary}>{t("people.users.columns")}</summary>
      <Form
        method="post"
        ref={form}
        className={css.chooserPanel}
        aria-label={t("people.users.columns")}
      >
        <input type="hidden" name="intent" value="columns" />
        <input type="hidden" name="back" value={back} />
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t("people.groups.columnsShown")}</legend>
          {GROUP_COLUMNS.map((column) => {
            const last = hydrated && shown.length === 1 && shown[0] === column;
            return (
              <label key={column} className={controls.checkbox}>
                <input
                  type="checkbox"
                  name="columns"
                  value={column}
                  checked={shown.includes(column)}
                  disabled={last}
                  aria-describedby={last ? "last-column" : undefined}
                  onChange={(event) => {
                    const next = event.currentTarget.checked
                      ? GROUP_COLUMNS.filter((c) => c === column || shown.includes(c))
                      : shown.filter((c) => c !== column);
                    setShown(next);
                    const data = new FormData();
                    data.set("intent", "columns");
                    data.set("back", back);
                    for (const c of next) data.append("columns", c);
                    submit(data, { method: "post", replace: true, preventScrollReset: true });
                  }}
                />{" "}
                {t(COLUMN_LABELS[column])}
              </label>
            );
          })}
        </fieldset>
        {hydrated && shown.length === 1 ? (
          <p id="last-column" className={muted}>
            {t("people.groups.lastColumn")}
          </p>
        ) : null}
        {error ? (
          <p className={css.error} role="alert">
            {error}
          </p>
        ) : null}
        {hydrated ? null : (
          <Button type="submit" variant="secondary">
            {t("people.users.saveColumns")}
          </Button>
        )}
      </Form>
    </details>
  );
}

function MemberDetails({
  row,
  moreHref,
  open,
}: {
  row: GroupRowData;
  moreHref: string;
  open: boolean;
}) {
  const t = useT();
  const members = row.members!;
  return (
    <details className={css.details} open={open}>
      <summary
        className={css.summary}
        aria-label={t("people.groups.membersOf", { name: row.name })}
      >
        {t("people.groups.members")}
      </summary>
      <div className={css.memberLists}>
        <div>
          <strong>{t("people.groupEditor.users")}</strong>
          {members.users.length === 0 ? (
            <p className={muted}>{t("people.groups.noUsers")}</p>
          ) : (
            <ul className={css.plainList}>
              {members.users.map((u) => (
                <li key={u.id}>{`${u.fullName} (${u.username})`}</li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <strong>{t("people.groupEditor.groups")}</strong>
          {members.groups.length === 0 ? (
            <p className={muted}>{t("people.groups.noGroups")}</p>
          ) : (
            <ul className={css.plainList}>
              {members.groups.map((g) => (
                <li key={g.id}>{g.name}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {members.hasMore ? (
        <Link to={moreHref} className={css.link} preventScrollReset>
          {t("people.groups.moreMembers", { name: row.name })}
        </Link>
      ) : null}
    </details>
  );
}

export function GroupList({
  rows,
  columns,
  q,
  count,
  page,
  pages,
  paging,
  listQuery,
  open,
  more,
  columnError,
  sort,
}: {
  rows: GroupRowData[];
  columns: GroupColumn[];
  q: string;
  count: number;
  page: number;
  pages: number;
  paging: { first: string; prev: string | null; next: string | null; last: string };
  listQuery: string;
  open: number | null;
  more: number;
  columnError?: string;
  sort: { field: string; dir: "asc" | "desc" };
}) {
  const t = useT();
  const back = listQuery ? `?${listQuery}` : "";
  const withParams = (extra: Record<string, string>, drop: string[] = []) => {
    const params = new URLSearchParams(listQuery);
    for (const k of drop) params.delete(k);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return `${LINKS.adminGroups}?${params.toString()}`;
  };
  return (
    <>
      <div className={css.toolbar}>
        <GroupSearch q={q} />
        <div className={css.actions}>
          <Link to={`${LINKS.adminGroups}/new`} className={controls.button.primary}>
            {t("people.groups.add")}
          </Link>
          <ColumnChooser columns={columns} back={back} error={columnError} />
        </div>
      </div>
      <p role="status" data-testid="group-count">
        {t("people.groups.found", { count })}
      </p>
      {rows.length === 0 ? null : (
        <TableScroller label={t("people.groups.list")}>
          <table className={css.table} aria-label={t("people.groups.list")}>
            <thead>
              <tr className={css.headRow}>
                {columns.map((c) => {
                  const sorted = sort.field === c;
                  const next = sorted ? FLIPPED[sort.dir] : ASCENDING;
                  return (
                    <th
                      key={c}
                      scope="col"
                      className={c === "id" ? css.idCell : undefined}
                      aria-sort={
                        sorted ? (sort.dir === "asc" ? "ascending" : "descending") : undefined
                      }
                    >
                      <Link
                        to={withParams({ sortfield: c, sortdir: next }, ["p"])}
                        className={css.link}
                        aria-label={t("people.groups.sortBy", {
                          column: t(COLUMN_LABELS[c]),
                          dir: next,
                        })}
                      >
                        {t(COLUMN_LABELS[c])}
                        {sorted ? SORT_ARROWS[sort.dir] : null}
                      </Link>
                    </th>
                  );
                })}
                <th scope="col">{t("people.groups.details")}</th>
                <th scope="col">{t("people.users.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={css.row} data-testid={`group-row-${row.id}`}>
                  {columns.map((c) =>
                    c === "name" ? (
                      <th key={c} scope="row">
                        {row.name}
                      </th>
                    ) : (
                      <td key={c} className={c === "id" ? css.idCell : undefined}>
                        {c === "id" ? row.id : row.description}
                      </td>
                    ),
                  )}
                  <td>
                    {row.members ? (
                      <MemberDetails
                        row={row}
                        open={open === row.id}
                        moreHref={withParams({
                          open: String(row.id),
                          more: String(open === row.id ? more + 1 : 2),
                        })}
                      />
                    ) : null}
                  </td>
                  <td>
                    <div className={css.actionsCell}>
                      {row.actions.update ? (
                        <Link
                          to={`${LINKS.adminGroups}/${row.id}`}
                          className={css.link}
                          aria-label={t("people.groups.editName", { name: row.name })}
                        >
                          {t("people.groups.edit")}
                        </Link>
                      ) : null}
                      {row.actions.delete ? (
                        <Link
                          to={withParams({ delete: String(row.id) })}
                          className={css.link}
                          aria-label={t("people.groups.deleteName", { name: row.name })}
                          preventScrollReset
                        >
                          {t("people.groups.delete")}
                        </Link>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {pages > 1 ? (
        <nav aria-label={t("people.groups.pages")} className={css.paging}>
          {page > 0 ? (
            <>
              <Link to={paging.first} className={css.link}>
                {t("people.users.first")}
              </Link>
              <Link to={paging.prev!} className={css.link}>
                {t("people.users.previous")}
              </Link>
            </>
          ) : null}
          <span>{t("people.users.pageOf", { page: page + 1, pages })}</span>
          {page < pages - 1 ? (
            <>
              <Link to={paging.next!} className={css.link}>
                {t("people.users.next")}
              </Link>
              <Link to={paging.last} className={css.link}>
                {t("people.users.last")}
              </Link>
            </>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
