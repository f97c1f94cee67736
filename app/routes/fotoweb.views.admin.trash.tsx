import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { emptyFields, emptyQuestion, TrashList } from "~/components/archive/TrashList";
import { ConfirmPanel, ReplyError } from "~/components/archive/ConfirmPanel";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { trashAction, trashData } from "~/http/archive/archive-list-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The trash can (issue 16, decision 043): deleted archives with their assets, kept TRASH_DAYS
 * days; restore, or delete for good now after a confirmation. Only holders of manageArchives.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.trash.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => trashData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => trashAction(request))(args);
}

export default function TrashView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const asked = data.confirmEmpty;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="trash-title">
        <h1 id="trash-title">{t("settings.trash.title")}</h1>
        <p>{t("settings.trash.intro", { days: data.trashDays })}</p>
        <ReplyError reply={reply} />
        {asked ? (
          <ConfirmPanel
            label={t("settings.trash.confirmLabel")}
            question={emptyQuestion(t, asked)}
            fields={emptyFields(asked)}
            confirmLabel={t("settings.trash.deleteForGood")}
            cancelTo={LINKS.adminTrash}
          />
        ) : null}
        <TrashList entries={data.entries} />
      </section>
    </div>
  );
}
