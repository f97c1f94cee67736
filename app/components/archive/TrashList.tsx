import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { TrashEntry } from "~/models/archive/archive-trash.server";
import { Button } from "~/components/ui/Button";
import { useFormat } from "~/components/locale/format";
import { useT, type Translate } from "~/components/locale/locale-context";
import { LINKS } from "~/utils/links";
import { ConfirmDialog } from "./ConfirmDialog";
import * as css from "./archive-list.css";
import { TableScroller } from "~/components/ui/TableScroller";

export function entryLabel(t: Translate, entry: TrashEntry): string {
  return entry.kind === "archive"
    ? t("settings.trash.entryArchive", { name: entry.name })
    : t("settings.trash.entryAssets", { name: entry.name });
}

/** What emptying does, in the same words on the dialog and the no-JS page. */
export function emptyQuestion(t: Translate, target: TrashEntry | "all"): string {
  if (target === "all") return t("settings.trash.emptyAllQuestion");
  return t("settings.trash.emptyQuestion", {
    entry: entryLabel(t, target),
    count: target.assetCount,
  });
}

export function emptyFields(target: TrashEntry | "all"): Record<string, string> {
  return target === "all" ? { intent: "emptyAll" } : { intent: "empty", id: String(target.id) };
}

/**
 * The trash can (decision 043): each deleted archive (or batch of assets) with its count and the
 * day it goes for good; restore at once, empty after a confirmation (an alert dialog with
 * JavaScript, the confirmation page without).
 */
export function TrashList({ entries }: { entries: TrashEntry[] }) {
  const t = useT();
  const format = useFormat();
  const [asking, setAsking] = useState<TrashEntry | "all" | null>(null);
  const ask = (target: TrashEntry | "all") => (event: { preventDefault(): void }) => {
    event.preventDefault();
    setAsking(target);
  };
  if (entries.length === 0) return <p>{t("settings.trash.empty")}</p>;
  return (
    <>
      <TableScroller label={t("settings.trash.title")}>
        <table className={css.table}>
          <caption className={css.state}>{t("settings.trash.caption")}</caption>
          <thead>
            <tr>
              <th className={css.cell}>{t("settings.trash.what")}</th>
              <th className={css.cell}>{t("settings.trash.assets")}</th>
              <th className={css.cell}>{t("settings.trash.deleted")}</th>
              <th className={css.cell}>{t("settings.trash.expires")}</th>
              <th className={css.cell}>{t("settings.trash.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={css.cell}>{entryLabel(t, entry)}</td>
                <td className={css.cell}>{format.number(entry.assetCount)}</td>
                <td className={css.cell}>{format.date(entry.deletedAt)}</td>
                <td className={css.cell}>{format.date(entry.expiresAt)}</td>
                <td className={css.cell}>
                  <span className={css.actions}>
                    <Form method="post" className={css.inline}>
                      <input type="hidden" name="id" value={entry.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="restore"
                        variant="secondary"
                        aria-label={t("settings.archives.rowAction", {
                          action: t("settings.trash.restore"),
                          name: entryLabel(t, entry),
                        })}
                      >
                        {t("settings.trash.restore")}
                      </Button>
                    </Form>
                    <Link
                      to={`?empty=${entry.id}`}
                      className={css.link}
                      aria-label={t("settings.archives.rowAction", {
                        action: t("settings.trash.deleteForGood"),
                        name: entryLabel(t, entry),
                      })}
                      onClick={ask(entry)}
                    >
                      {t("settings.trash.deleteForGood")}
                    </Link>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      <p>
        <Link to="?empty=all" className={css.link} onClick={ask("all")}>
          {t("settings.trash.emptyAll")}
        </Link>
      </p>
      {asking ? (
        <ConfirmDialog
          title={
            asking === "all"
              ? t("settings.trash.emptyAllTitle")
              : t("settings.archives.deleteTitle", { name: entryLabel(t, asking) })
          }
          fields={emptyFields(asking)}
          confirmLabel={t("settings.trash.deleteForGood")}
          onClose={() => setAsking(null)}
        >
          <p>{emptyQuestion(t, asking)}</p>
        </ConfirmDialog>
      ) : null}
      <p>
        <Link to={LINKS.adminArchives} className={css.link}>
          {t("settings.trash.back")}
        </Link>
      </p>
    </>
  );
}
