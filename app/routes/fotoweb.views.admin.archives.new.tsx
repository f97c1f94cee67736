import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArchiveDialog, type DialogReply } from "~/components/archive/ArchiveDialog";
import { archiveDialogAction, archiveDialogData } from "~/http/archive/archive-admin.server";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* Add archive (spec 001 "Archive dialog"; decision 038): the four tabs as one form. */

export const meta: MetaFunction = () => [{ title: "Add archive | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => archiveDialogData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => archiveDialogAction(request, null))(args);
}

export default function NewArchiveView() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<DialogReply>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="archive-title">
        <p>
          <Link to={LINKS.archives}>Archives</Link>
        </p>
        <h1 id="archive-title">Add archive</h1>
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
