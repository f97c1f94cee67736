import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BULK_TITLES, BulkDialog } from "~/components/user/BulkDialog";
import type { FormReplyBody } from "~/http/error";
import { bulkAction, bulkData } from "~/http/user/users-page.server";
import { pageHandler } from "~/http/http.server";
import { narrowPanel } from "~/styles/global.css";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * The bulk dialogs of the users grid (spec 002): ?kind=company|license|access|expiry|delete with
 * the grid's selection (`sel`). Without JavaScript each is this page; the post goes back to the
 * grid with a toast saying how many changed and how many were left as they were.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${translateNow(data ? BULK_TITLES[data.kind] : "people.users.meta.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => bulkData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => bulkAction(request))(args);
}

export default function BulkView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <section className={narrowPanel} aria-labelledby="bulk-title">
      <h1 id="bulk-title">{t(BULK_TITLES[data.kind])}</h1>
      <BulkDialog
        key={reply?.requestId ?? data.kind}
        kind={data.kind}
        applicable={data.applicable}
        skipped={data.skipped}
        back={data.back}
        formError={reply?.formError}
      />
    </section>
  );
}
