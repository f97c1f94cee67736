import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BatchPanel } from "~/components/asset/BatchPanel";
import { batchPageAction, batchPageLoader } from "~/http/asset/batch-page.server";
import type { FormReplyBody } from "~/http/error";
import { page, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * The batch panel's own page (decision 046): the grid's selection opens it without JavaScript
 * (a GET of the selected ids and the operation); with JavaScript the grid shows the same panel
 * in a dialog. Its form starts a task and goes to the task's page.
 */

export const handle = { i18n: ["grid", "asset", "taxonomy"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? data.opLabel : translateNow("asset.batch.pageTitle")} | Arkiv` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await batchPageLoader(request), { headers: { "Cache-Control": "no-store" } });
}

export const action = ({ request }: ActionFunctionArgs) => batchPageAction(request);

export default function BatchPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const t = useT();
  return (
    <div className={page}>
      <h1>{t("asset.batch.selected")}</h1>
      <div className={panel}>
        <BatchPanel page={data} reply={reply} />
      </div>
    </div>
  );
}
