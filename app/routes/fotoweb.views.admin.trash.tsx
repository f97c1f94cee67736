import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { emptyFields, emptyQuestion, TrashList } from "~/components/archive/TrashList";
import { ConfirmPanel, ReplyError } from "~/components/archive/ConfirmPanel";
import { trashAction, trashData } from "~/http/archive/archive-list-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The trash can (issue 16, decision 043): deleted archives with their assets, kept TRASH_DAYS
 * days; restore, or delete for good now after a confirmation. Only holders of manageArchives.
 */

export const meta: MetaFunction = () => [{ title: "Trash can | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => trashData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => trashAction(request))(args);
}

export default function TrashView() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const asked = data.confirmEmpty;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="trash-title">
        <h1 id="trash-title">Trash can</h1>
        <p>{`What is deleted stays here for ${data.trashDays} days, then goes for good.`}</p>
        <ReplyError reply={reply} />
        {asked ? (
          <ConfirmPanel
            label="Confirm deleting for good"
            question={emptyQuestion(asked)}
            fields={emptyFields(asked)}
            confirmLabel="Delete for good"
            cancelTo={LINKS.adminTrash}
          />
        ) : null}
        <TrashList entries={data.entries} />
      </section>
    </div>
  );
}
