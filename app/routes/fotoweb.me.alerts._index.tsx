import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AlertList } from "~/components/alert/AlertList";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { alertsPageAction, alertsPageData } from "~/http/alert/alert.server";
import { pageHandler } from "~/http/http.server";
import { page } from "~/styles/global.css";

export const handle = { i18n: ["work"] };

export const meta: MetaFunction = () => [{ title: `${translateNow("work.alerts.meta")} | Arkiv` }];

/*
 * The signed-in person's alerts (spec 001 "Alerts list", decision 062): read rows, one in edit
 * mode (?edit=id), delete; and the create-alert button's plain post from an archive search. The
 * JSON twin answers the same URL for the API.
 */
export function loader(args: LoaderFunctionArgs) {
  return pageHandler(async ({ request }: LoaderFunctionArgs) =>
    json(await alertsPageData(request)),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => alertsPageAction(request))(args);
}

export default function Alerts() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<{
    value?: string;
    fieldErrors?: Record<string, string>;
  }>();
  // The edit form posts to its own ?edit=id: a failed save stays in edit mode by its URL.
  const editing = data.editing;
  return (
    <div className={page}>
      <h1>{t("work.alerts.title")}</h1>
      <p>{t("work.alerts.intro")}</p>
      <AlertList
        alerts={data.alerts}
        archives={data.archives}
        intervals={data.intervals}
        editing={editing}
        formError={
          reply?.fieldErrors && Object.keys(reply.fieldErrors).length > 0
            ? null
            : (reply?.value ?? null)
        }
      />
    </div>
  );
}
