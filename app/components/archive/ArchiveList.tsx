import { Form, Link, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import { DropIndicator, useDragAndDrop } from "react-aria-components/useDragAndDrop";
import type { ArchiveListRow } from "~/http/archive/archive-list-page.server";
import { Button } from "~/components/ui/Button";
import { useT, type Translate } from "~/components/locale/locale-context";
import { adminArchivePath, LINKS } from "~/utils/links";
import { ConfirmDialog } from "./ConfirmDialog";
import * as css from "./archive-list.css";
import { SEPARATOR } from "~/components/ui/separator";

const DRAG_HANDLE = "⠿";

/** What deleting an archive does, in the same words on the dialog and the no-JS page. */
export function deleteQuestion(t: Translate, row: ArchiveListRow, trashDays: number): string {
  return row.assetCount > 0
    ? t("settings.archives.deleteQuestionAssets", {
        name: row.name,
        count: row.assetCount,
        days: trashDays,
      })
    : t("settings.archives.deleteQuestion", { name: row.name, days: trashDays });
}

/** The hidden fields of the delete form: the count shown is the count confirmed. */
export function deleteFields(row: ArchiveListRow): Record<string, string> {
  return { intent: "delete", id: String(row.id), confirmAssets: "true" };
}

function RowForm({ row, intent, label }: { row: ArchiveListRow; intent: string; label: string }) {
  const t = useT();
  return (
    <Form method="post" className={css.inline}>
      <input type="hidden" name="id" value={row.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="secondary"
        aria-label={t("settings.archives.rowAction", { action: label, name: row.name })}
      >
        {label}
      </Button>
    </Form>
  );
}

/**
 * Every archive, hidden ones too, in the order every list of archives follows (decision 043).
 * Without JavaScript each row's buttons are plain form posts and Delete opens the confirmation
 * page; with it, rows are dragged into place (react-aria's drag and drop, keyboard included) and
 * Delete asks in an alert dialog.
 */
export function ArchiveList({ rows, trashDays }: { rows: ArchiveListRow[]; trashDays: number }) {
  const t = useT();
  const submit = useSubmit();
  const [asking, setAsking] = useState<ArchiveListRow | null>(null);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ "text/plain": String(key) })),
    renderDropIndicator: (target) => (
      <DropIndicator target={target} className={css.dropIndicator} />
    ),
    onReorder(e) {
      const id = Number([...e.keys][0]);
      const rest = rows.filter((r) => r.id !== id);
      const at = rest.findIndex((r) => r.id === Number(e.target.key));
      if (at < 0) return;
      const position = (e.target.dropPosition === "after" ? at + 1 : at) + 1;
      submit({ intent: "move", id: String(id), position: String(position) }, { method: "post" });
    },
  });

  return (
    <>
      <div className={css.toolbar}>
        <p>{t("settings.archives.count", { count: rows.length })}</p>
        <p>
          <Link to={LINKS.adminArchiveNew} className={css.link}>
            {t("settings.archives.add")}
          </Link>
          {SEPARATOR}
          <Link to={LINKS.adminTrash} className={css.link}>
            {t("settings.trash.title")}
          </Link>
        </p>
      </div>
      <GridList
        aria-label={t("settings.archives.listLabel")}
        items={rows}
        dragAndDropHooks={dragAndDropHooks}
        className={css.list}
        renderEmptyState={() => <p>{t("settings.archives.none")}</p>}
      >
        {(row) => (
          <GridListItem id={row.id} textValue={row.name} className={css.row}>
            <AriaButton
              slot="drag"
              className={css.handle}
              aria-label={t("settings.archives.drag", { name: row.name })}
            >
              {DRAG_HANDLE}
            </AriaButton>
            <span className={css.name}>
              <Link to={adminArchivePath(row.id)} className={css.link}>
                {row.name}
              </Link>
              <span className={css.state}>
                {`${t("settings.archives.assets", { count: row.assetCount })} · `}
                <span className={row.isHidden ? css.hidden : undefined}>
                  {row.isHidden ? t("settings.archives.hidden") : t("settings.archives.enabled")}
                </span>
              </span>
            </span>
            <span className={css.actions}>
              {row.isHidden ? (
                <RowForm row={row} intent="show" label={t("settings.archives.show")} />
              ) : (
                <RowForm row={row} intent="hide" label={t("settings.archives.hide")} />
              )}
            </span>
            <span className={css.actions}>
              {row.position > 1 ? (
                <RowForm row={row} intent="up" label={t("settings.archives.moveUp")} />
              ) : null}
              {row.position < rows.length ? (
                <RowForm row={row} intent="down" label={t("settings.archives.moveDown")} />
              ) : null}
            </span>
            <Link
              to={`?delete=${row.id}`}
              className={css.link}
              aria-label={t("settings.archives.rowAction", {
                action: t("settings.archives.delete"),
                name: row.name,
              })}
              onClick={(event) => {
                event.preventDefault();
                setAsking(row);
              }}
            >
              {t("settings.archives.delete")}
            </Link>
          </GridListItem>
        )}
      </GridList>
      {asking ? (
        <ConfirmDialog
          title={t("settings.archives.deleteTitle", { name: asking.name })}
          fields={deleteFields(asking)}
          confirmLabel={t("settings.archives.deleteConfirm")}
          onClose={() => setAsking(null)}
        >
          <p>{deleteQuestion(t, asking, trashDays)}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
