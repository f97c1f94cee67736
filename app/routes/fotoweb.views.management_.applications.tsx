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

/*
 * Applications (spec 001's "applications (clientId)", decision 028): programs an administrator
 * registers for OAuth2 and API tokens. Every action is a plain form; a new secret or token is
 * shown once, on the page the action redirects to.
 */

export const meta: MetaFunction = () => [{ title: "Applications | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => applicationsPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => applicationsPageAction(request))(args);
}

export default function ApplicationsView() {
  const { applications, users, reveal, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormReplyBody>();
  const lastResult = conformResult(actionData);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="applications-title">
        <h1 id="applications-title">Applications</h1>
        <p>
          Programs that use Arkiv&apos;s API sign in as an application: with OAuth2 at{" "}
          <code>/fotoweb/oauth2/token</code>, or with an API token in the <code>FWAPITOKEN</code>{" "}
          header. <Link to={LINKS.management}>Back to site settings</Link>
        </p>
        {reveal ? <RevealedSecret reveal={reveal} /> : null}
        <h2>Registered applications</h2>
        <ApplicationList
          applications={applications}
          confirmDelete={confirmDelete}
          path={LINKS.applications}
        />
      </section>
      <section className={panel} aria-labelledby="register-title">
        <h2 id="register-title">Register an application</h2>
        <ApplicationForm
          key={actionData?.requestId ?? "new"}
          users={users}
          lastResult={lastResult}
        />
      </section>
    </div>
  );
}
