import { Form, Link, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import { DropIndicator, useDragAndDrop } from "react-aria-components/useDragAndDrop";
import type { ArchiveListRow } from "~/http/archive/archive-list-page.server";
import { Button } from "~/components/ui/Button";
import { adminArchivePath, LINKS } from "~/utils/links";
import { ConfirmDialog } from "./ConfirmDialog";
import * as css from "./archive-list.css";

/** What deleting an archive does, in the same words on the dialog and the no-JS page. */
export function deleteQuestion(row: ArchiveListRow, trashDays: number): string {
  const held =
    row.assetCount > 0
      ? ` It holds ${row.assetCount} ${row.assetCount === 1 ? "asset" : "assets"}: they go to the trash can with it`
      : " It goes to the trash can";
  return `Delete the archive ${row.name}?${held} and can be restored from there for ${trashDays} days.`;
}

/** The hidden fields of the delete form: the count shown is the count confirmed. */
export function deleteFields(row: ArchiveListRow): Record<string, string> {
  return { intent: "delete", id: String(row.id), confirmAssets: "true" };
}

function RowForm({ row, intent, label }: { row: ArchiveListRow; intent: string; label: string }) {
  return (
    <Form method="post" className={css.inline}>
      <input type="hidden" name="id" value={row.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="secondary"
        aria-label={`${label}: ${row.name}`}
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
        <p>{`${rows.length} ${rows.length === 1 ? "archive" : "archives"}`}</p>
        <p>
          <Link to={LINKS.adminArchiveNew} className={css.link}>
            Add archive
          </Link>{" "}
          ·{" "}
          <Link to={LINKS.adminTrash} className={css.link}>
            Trash can
          </Link>
        </p>
      </div>
      <GridList
        aria-label="Archives, in the order they are listed"
        items={rows}
        dragAndDropHooks={dragAndDropHooks}
        className={css.list}
        renderEmptyState={() => <p>No archives yet.</p>}
      >
        {(row) => (
          <GridListItem id={row.id} textValue={row.name} className={css.row}>
            <AriaButton slot="drag" className={css.handle} aria-label={`Drag: ${row.name}`}>
              ⠿
            </AriaButton>
            <span className={css.name}>
              <Link to={adminArchivePath(row.id)} className={css.link}>
                {row.name}
              </Link>
              <span className={css.state}>
                {`${row.assetCount} ${row.assetCount === 1 ? "asset" : "assets"} · `}
                <span className={row.isHidden ? css.hidden : undefined}>
                  {row.isHidden ? "Hidden" : "Enabled"}
                </span>
              </span>
            </span>
            <span className={css.actions}>
              {row.isHidden ? (
                <RowForm row={row} intent="show" label="Show" />
              ) : (
                <RowForm row={row} intent="hide" label="Hide" />
              )}
            </span>
            <span className={css.actions}>
              {row.position > 1 ? <RowForm row={row} intent="up" label="Move up" /> : null}
              {row.position < rows.length ? (
                <RowForm row={row} intent="down" label="Move down" />
              ) : null}
            </span>
            <Link
              to={`?delete=${row.id}`}
              className={css.link}
              aria-label={`Delete: ${row.name}`}
              onClick={(event) => {
                event.preventDefault();
                setAsking(row);
              }}
            >
              Delete
            </Link>
          </GridListItem>
        )}
      </GridList>
      {asking ? (
        <ConfirmDialog
          title={`Delete ${asking.name}`}
          fields={deleteFields(asking)}
          confirmLabel="Move to the trash can"
          onClose={() => setAsking(null)}
        >
          <p>{deleteQuestion(asking, trashDays)}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
