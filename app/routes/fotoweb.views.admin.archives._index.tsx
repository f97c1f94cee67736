import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArchiveList, deleteFields, deleteQuestion } from "~/components/archive/ArchiveList";
import { ConfirmPanel, ReplyError } from "~/components/archive/ConfirmPanel";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { archiveListAction, archiveListData } from "~/http/archive/archive-list-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The administrator's archive list (issue 16, decision 043): every archive, hidden ones too, in
 * the order every list follows; hide and show, move up and down (drag and drop with JavaScript),
 * delete into the trash can after a confirmation. Only holders of manageArchives reach it.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.archives.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => archiveListData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => archiveListAction(request))(args);
}

export default function ManageArchivesView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const asked = data.confirmDelete;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="archives-title">
        <h1 id="archives-title">{t("settings.archives.title")}</h1>
        <ReplyError reply={reply} />
        {asked ? (
          <ConfirmPanel
            label={t("settings.archives.deleteTitle", { name: asked.name })}
            question={deleteQuestion(t, asked, data.trashDays)}
            fields={deleteFields(asked)}
            confirmLabel={t("settings.archives.deleteConfirm")}
            cancelTo={LINKS.adminArchives}
          />
        ) : null}
        <ArchiveList rows={data.rows} trashDays={data.trashDays} />
      </section>
    </div>
  );
}
