import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArchiveDialog, type DialogReply } from "~/components/archive/ArchiveDialog";
import {
  archiveDialogAction,
  archiveDialogData,
  archiveIdOf,
} from "~/http/archive/archive-admin.server";
import { pageHandler } from "~/http/http.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { page, panel } from "~/styles/global.css";

/* Archive details (spec 001 "Archive dialog"; decision 038): the archive's four tabs as one form. */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${translateNow("settings.dialog.detailsOf", { name: data?.record?.Name ?? "" })} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    archiveDialogData(request, archiveIdOf(params.id)),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    archiveDialogAction(request, archiveIdOf(params.id)),
  )(args);
}

export default function ArchiveDetailsView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<DialogReply>();
  const record = data.record;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="archive-title">
        <p>
          <Link to={"Href" in record ? record.Href : "/fotoweb/archives/"}>{record.Name}</Link>
        </p>
        <h1 id="archive-title">{t("settings.dialog.details")}</h1>
        <ArchiveDialog
          key={reply?.serial ?? record.Revision}
          record={record}
          options={data.options}
          lists={data.lists}
          reply={reply}
        />
      </section>
    </div>
  );
}
