import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { button } from "~/components/ui/controls.css";
import {
  isExpired,
  USER_GRID_COLUMN_LABELS,
  USER_GRID_COLUMNS,
  type UserGridColumn,
  type UserListQuery,
} from "~/models/user/user-admin.schema";
import type { UserRowView } from "~/models/user/user.view";
import { visuallyHidden } from "~/styles/global.css";
import { gridSearch, USER_LINKS } from "~/utils/user-links";
import * as css from "./users.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { useLocale, useT, type Translate } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import { useFormat } from "~/components/locale/format";
import { formatDate, type Formatters } from "~/models/locale/format";
import type { MessageId } from "~/models/locale/message-id";

export interface UserSummary {
  id: number;
  username: string;
  fullName: string;
}

export interface UsersGridProps {
  rows: UserRowView[];
  count: number;
  page: number;
  lastPage: number;
  query: UserListQuery;
  selected: UserSummary[];
  columns: UserGridColumn[];
}

const FORM_ID = "users-grid";

/** The bulk dialogs the grid opens, each with its button's words. */
const BULK_BUTTONS = [
  ["company", "people.users.bulk.company"],
  ["license", "people.users.bulk.license"],
  ["access", "people.users.bulk.access"],
  ["expiry", "people.users.bulk.expiry"],
  ["delete", "people.users.bulk.delete"],
] as const satisfies readonly (readonly [string, MessageId])[];

const SORT_ARROWS = { asc: " ▲", desc: " ▼" } as const;

/*
 * The users grid (spec 002 "Users tab"). One GET form holds the search, the row checkboxes and the
 * bulk buttons, so the selection rides in the address (`sel`) across reloads, pages, sorts and
 * searches, and the bulk buttons open their dialog with it, JavaScript or not. With JavaScript a
 * checkbox applies at once and the search runs 300 ms after typing stops.
 */
export function UsersGrid(props: UsersGridProps) {
  const { rows, count, page, lastPage, query, selected, columns } = props;
  const t = useT();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const selectedIds = selected.map((u) => u.id);
  const onPage = new Set(rows.map((r) => r.id));
  const state = { ...query, p: page, sel: selectedIds };
  const apply = () => {
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };
  const sortHref = (field: UserGridColumn) => {
    const dir = query.sortfield === field && query.sortdir === "asc" ? "desc" : "asc";
    return `${USER_LINKS.grid}${gridSearch({ ...state, sortfield: field, sortdir: dir, p: 0 })}`;
  };
  const pageHref = (p: number) => `${USER_LINKS.grid}${gridSearch({ ...state, p })}`;
  const back = `${USER_LINKS.grid}${gridSearch(state)}`;
  const allOnPage = rows.length > 0 && rows.every((r) => selectedIds.includes(r.id));
  return (
    <div className={css.form}>
      <Form
        method="get"
        action={USER_LINKS.grid}
        id={FORM_ID}
        ref={formRef}
        className={css.form}
        role="search"
        aria-label={t("people.users.list")}
      >
        <input type="hidden" name="sortfield" value={query.sortfield} />
        <input type="hidden" name="sortdir" value={query.sortdir} />
        <input type="hidden" name="n" value={query.n} />
        {/* Chosen on other pages: kept while this page's boxes say the rest. */}
        {selectedIds
          .filter((id) => !onPage.has(id))
          .map((id) => (
            <input key={id} type="hidden" name="sel" value={id} />
          ))}
        <div className={css.toolbar}>
          <div className={css.searchField}>
            <label htmlFor="users-q" className={css.label}>
              {t("people.users.searchLabel")}
            </label>
            <input
              id="users-q"
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={200}
              className={css.searchInput}
              onChange={() => {
                clearTimeout(timer.current);
                timer.current = setTimeout(apply, 300);
              }}
            />
          </div>
          <button type="submit" className={button.secondary}>
            {t("people.users.search")}
          </button>
          <Link
            to={USER_LINKS.create + `?back=${encodeURIComponent(back)}`}
            className={button.primary}
          >
            {t("people.users.add")}
          </Link>
        </div>
        <div className={css.actions} aria-label={t("people.users.selectedUsers")} role="group">
          {hydrated ? null : (
            // In <noscript>: a browser with scripts never lays it out, so nothing below jumps
            // when hydration removes it (issue 31, CLS).
            <noscript>
              <button type="submit" className={button.secondary}>
                {t("people.users.applySelection")}
              </button>
            </noscript>
          )}
          {BULK_BUTTONS.map(([kind, label]) => (
            <button
              key={kind}
              type="submit"
              name="kind"
              value={kind}
              formAction={USER_LINKS.bulk}
              className={button.secondary}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </Form>

      <div className={css.toolbar}>
        <SelectedUsers selected={selected} state={state} />
        <ColumnChooser columns={columns} back={back} />
        <p aria-live="polite" data-testid="user-count">
          {t("people.users.count", { count })}
        </p>
      </div>

      <TableScroller label={t("people.users.list")}>
        <table className={css.table} aria-label={t("people.users.list")}>
          <thead>
            <tr>
              <th className={css.checkboxCell} scope="col">
                {hydrated ? (
                  <input
                    type="checkbox"
                    aria-label={t("people.users.selectAll")}
                    checked={allOnPage}
                    onChange={(event) => {
                      const boxes = formRef.current?.querySelectorAll<HTMLInputElement>(
                        "input[type=checkbox][name=sel]",
                      );
                      boxes?.forEach((box) => (box.checked = event.target.checked));
                      apply();
                    }}
                  />
                ) : (
                  <span className={visuallyHidden}>{t("people.users.selected")}</span>
                )}
              </th>
              {columns.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className={c === "id" ? css.idCell : undefined}
                  aria-sort={
                    query.sortfield === c
                      ? query.sortdir === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                >
                  <Link to={sortHref(c)} className={css.sortLink} replace>
                    {t(USER_GRID_COLUMN_LABELS[c])}
                    {query.sortfield === c ? SORT_ARROWS[query.sortdir] : null}
                  </Link>
                </th>
              ))}
              <th scope="col">{t("people.users.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <UserRow
                key={row.id}
                row={row}
                columns={columns}
                checked={selectedIds.includes(row.id)}
                onToggle={apply}
                back={back}
              />
            ))}
          </tbody>
        </table>
      </TableScroller>

      {rows.length === 0 ? <p>{t("people.users.noMatch")}</p> : null}

      <nav className={css.pager} aria-label={t("people.users.pages")}>
        <PageLink to={pageHref(0)} active={page > 0}>
          {t("people.users.first")}
        </PageLink>
        <PageLink to={pageHref(page - 1)} active={page > 0}>
          {t("people.users.previous")}
        </PageLink>
        <span>{t("people.users.pageOf", { page: page + 1, pages: lastPage + 1 })}</span>
        <PageLink to={pageHref(page + 1)} active={page < lastPage}>
          {t("people.users.next")}
        </PageLink>
        <PageLink to={pageHref(lastPage)} active={page < lastPage}>
          {t("people.users.last")}
        </PageLink>
      </nav>
    </div>
  );
}

function PageLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  if (!active) return <span aria-disabled="true">{children}</span>;
  return (
    <Link to={to} className={css.link}>
      {children}
    </Link>
  );
}

/** How a row's cell reads: an expiry is a calendar day (it ends at midnight UTC, spec 002), a
 * login a moment in the reader's zone, named. */
interface CellWords {
  t: Translate;
  f: Formatters;
  language: string;
}

function cell(row: UserRowView, column: UserGridColumn, { t, f, language }: CellWords) {
  const day = (iso: string | null) => (iso ? formatDate(language, "UTC", iso) : "");
  switch (column) {
    case "expires":
      if (row.expires && isExpired(row.expires))
        return (
          <span className={css.expired}>
            {day(row.expires)}
            <span className={visuallyHidden}>{t("people.users.expired")}</span>
          </span>
        );
      return day(row.expires) || t("people.users.never");
    case "lastLogin":
      return row.lastLogin ? f.dateTime(row.lastLogin) : t("people.users.never");
    case "enabled":
      return row.enabled ? t("people.users.yes") : t("people.users.no");
    default:
      return String(row[column]);
  }
}

function UserRow({
  row,
  columns,
  checked,
  onToggle,
  back,
}: {
  row: UserRowView;
  columns: UserGridColumn[];
  checked: boolean;
  onToggle: () => void;
  back: string;
}) {
  const t = useT();
  const words = { t, f: useFormat(), language: useLocale().language };
  const hidden = <span className={visuallyHidden} />;
  const editable =
    row.actions.update || row.actions.updateAccountStatus || row.actions.updateLicense;
  const deleteHref = (() => {
    const url = new URL(back, "http://arkiv.invalid");
    url.searchParams.set("delete", String(row.id));
    return `${url.pathname}${url.search}`;
  })();
  return (
    <tr className={row.enabled ? undefined : css.inactive} data-testid={`user-row-${row.username}`}>
      <td className={css.checkboxCell}>
        <input
          type="checkbox"
          name="sel"
          value={row.id}
          form={FORM_ID}
          defaultChecked={checked}
          key={String(checked)}
          aria-label={t("people.users.select", { username: row.username })}
          onChange={onToggle}
        />
      </td>
      {columns.map((c) => (
        <td key={c}>
          {cell(row, c, words)}
          {c === "username" && row.isSiteOwner ? (
            <span className={css.badge}>{t("people.users.siteOwner")}</span>
          ) : null}
          {c === "username" && !row.enabled ? (
            <span className={css.badge}>{t("people.users.disabled")}</span>
          ) : null}
        </td>
      ))}
      <td>
        <span className={css.rowActions}>
          {row.actions.setNewSiteOwner ? (
            <Link to={`${USER_LINKS.siteOwner}?user=${row.id}`} className={css.link}>
              <Msg
                id="people.users.setSiteOwner"
                values={{ username: row.username }}
                components={{ 0: hidden }}
              />
            </Link>
          ) : null}
          {editable ? (
            <Link
              to={`${USER_LINKS.edit(row.id)}?back=${encodeURIComponent(back)}`}
              className={css.link}
            >
              <Msg
                id="people.users.edit"
                values={{ username: row.username }}
                components={{ 0: hidden }}
              />
            </Link>
          ) : null}
          {row.actions.delete ? (
            <Link to={deleteHref} className={css.link}>
              <Msg
                id="people.users.delete"
                values={{ username: row.username }}
                components={{ 0: hidden }}
              />
            </Link>
          ) : null}
        </span>
      </td>
    </tr>
  );
}

/** The selected-users dropdown (spec 002): who is chosen, each removable, on any page. */
function SelectedUsers({
  selected,
  state,
}: {
  selected: UserSummary[];
  state: { sel: number[] } & Record<string, unknown>;
}) {
  const t = useT();
  const without = (id: number) =>
    `${USER_LINKS.grid}${gridSearch({ ...(state as object), sel: state.sel.filter((s) => s !== id) })}`;
  return (
    <details className={css.disclosure}>
      <summary>{t("people.users.selectedSummary", { count: selected.length })}</summary>
      <div className={css.disclosureBody}>
        {selected.length === 0 ? (
          <p>{t("people.users.tickToChoose")}</p>
        ) : (
          <ul className={css.plainList} aria-label={t("people.users.selectedUsers")}>
            {selected.map((u) => (
              <li key={u.id}>
                {u.fullName} ({u.username}){" "}
                <Link to={without(u.id)} className={css.link} replace preventScrollReset>
                  <Msg
                    id="people.users.removeFromSelection"
                    values={{ username: u.username }}
                    components={{ 0: <span className={visuallyHidden} /> }}
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {selected.length > 0 ? (
          <Link
            to={`${USER_LINKS.grid}${gridSearch({ ...(state as object), sel: [] })}`}
            className={css.link}
            replace
          >
            {t("people.users.clearSelection")}
          </Link>
        ) : null}
      </div>
    </details>
  );
}

/** The column chooser, saved in the viewer's preferences; the last visible column stays. */
function ColumnChooser({ columns, back }: { columns: UserGridColumn[]; back: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState<UserGridColumn[]>(columns);
  const only = visible.length === 1 ? visible[0] : undefined;
  return (
    <details className={css.disclosure}>
      <summary>{t("people.users.columns")}</summary>
      <Form method="post" className={css.disclosureBody} action={USER_LINKS.grid}>
        <input type="hidden" name="intent" value="columns" />
        <input type="hidden" name="back" value={back} />
        <fieldset className={css.disclosureBody}>
          <legend className={css.label}>{t("people.users.visibleColumns")}</legend>
          {USER_GRID_COLUMNS.map((c) => (
            <label key={c} className={css.nativeCheckbox}>
              <input
                type="checkbox"
                name="columns"
                value={c}
                checked={visible.includes(c)}
                onChange={(event) =>
                  setVisible((v) => (event.target.checked ? [...v, c] : v.filter((x) => x !== c)))
                }
                // With JavaScript the last visible column cannot be unticked; without it, the
                // server refuses to hide every column.
                disabled={hydrated && only === c}
              />
              {t(USER_GRID_COLUMN_LABELS[c])}
            </label>
          ))}
          {hydrated && only ? <input type="hidden" name="columns" value={only} /> : null}
        </fieldset>
        <button type="submit" className={button.secondary}>
          {t("people.users.saveColumns")}
        </button>
      </Form>
    </details>
  );
}
