import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { FormReplyBody } from "~/http/error";
import { useT } from "~/components/locale/locale-context";
import type { listsPageLoader } from "~/http/processing/processing-page.server";
import { page as pageCss, panel } from "~/styles/global.css";
import { LIST_EDITORS, LIST_PAGES, type ListPage } from "~/models/processing/list-editors";
import { DeleteConfirm, ListTable } from "./ListTable";
import * as css from "./processing.css";

/** A page of processing lists: each list's table, its add link, and a delete's confirmation. */
export function ListsPageView({ page }: { page: ListPage }) {
  const t = useT();
  const { rows, confirmDelete } = useLoaderData<typeof listsPageLoader>();
  const reply = useActionData<FormReplyBody>();
  const { home, title, intro, lists } = LIST_PAGES[page];
  return (
    <div className={pageCss}>
      <section className={panel} aria-labelledby="list-title">
        <h1 id="list-title">{t(title)}</h1>
        <p>{t(intro)}</p>
        {confirmDelete ? (
          <DeleteConfirm
            name={confirmDelete.name}
            hidden={{ id: confirmDelete.id, list: confirmDelete.list }}
            cancel={home}
            error={reply?.formError}
          />
        ) : null}
        <p className={css.actions}>
          {lists.map((list) => (
            <Link key={list} to={`${LIST_EDITORS[list].entries}/new`} className={css.link}>
              {t(LIST_EDITORS[list].add)}
            </Link>
          ))}
        </p>
        {lists.map((list) => (
          <ListTable
            key={list}
            caption={t(LIST_EDITORS[list].caption)}
            empty={t(LIST_EDITORS[list].none)}
            rows={rows[list] ?? []}
            editPath={(id) => `${LIST_EDITORS[list].entries}/${id}`}
            deleteQuery={(id) => `?list=${list}&delete=${id}`}
          />
        ))}
      </section>
    </div>
  );
}
