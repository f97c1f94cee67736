import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApplicationForm } from "~/components/application/ApplicationForm";
import { ApplicationList } from "~/components/application/ApplicationList";
import { RevealedSecret } from "~/components/application/RevealedSecret";
import {
  applicationsPageAction,
  applicationsPageData,
} from "~/http/application/application-page.server";
import { conformResult, type FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * Applications (spec 001's "applications (clientId)", decision 028): programs an administrator
 * registers for OAuth2 and API tokens. Every action is a plain form; a new secret or token is
 * shown once, on the page the action redirects to.
 */

export const handle = { i18n: ["settings"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("settings.applications.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => applicationsPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => applicationsPageAction(request))(args);
}

export default function ApplicationsView() {
  const t = useT();
  const { applications, users, reveal, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormReplyBody>();
  const lastResult = conformResult(actionData);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="applications-title">
        <h1 id="applications-title">{t("settings.applications.title")}</h1>
        <p>
          <Msg
            id="settings.applications.intro"
            values={{ tokenPath: "/fotoweb/oauth2/token", header: "FWAPITOKEN" }}
            components={{ 0: <code />, 1: <code />, 2: <Link to={LINKS.management} /> }}
          />
        </p>
        {reveal ? <RevealedSecret reveal={reveal} /> : null}
        <h2>{t("settings.applications.registered")}</h2>
        <ApplicationList
          applications={applications}
          confirmDelete={confirmDelete}
          path={LINKS.applications}
        />
      </section>
      <section className={panel} aria-labelledby="register-title">
        <h2 id="register-title">{t("settings.applications.registerTitle")}</h2>
        <ApplicationForm
          key={actionData?.requestId ?? "new"}
          users={users}
          lastResult={lastResult}
        />
      </section>
    </div>
  );
}
