import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArchiveDialog, type DialogReply } from "~/components/archive/ArchiveDialog";
import { archiveDialogAction, archiveDialogData } from "~/http/archive/archive-admin.server";
import { pageHandler } from "~/http/http.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* Add archive (spec 001 "Archive dialog"; decision 038): the four tabs as one form. */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.archives.add")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => archiveDialogData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => archiveDialogAction(request, null))(args);
}

export default function NewArchiveView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<DialogReply>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="archive-title">
        <p>
          <Link to={LINKS.archives}>{t("settings.archivesLink")}</Link>
        </p>
        <h1 id="archive-title">{t("settings.archives.add")}</h1>
        <ArchiveDialog
          key={reply?.serial ?? "new"}
          record={data.record}
          options={data.options}
          lists={data.lists}
          reply={reply}
        />
      </section>
    </div>
  );
}
