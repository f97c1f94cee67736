import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ConsentForm } from "~/components/application/ConsentForm";
import { pageHandler } from "~/http/http.server";
import {
  authorizationRedirect,
  AUTHORIZATION_PARAMS,
  checkAuthorizationRequest,
} from "~/http/oauth.server";
import { requireViewer } from "~/http/session.server";
import { readBody } from "~/http/submission.server";
import { narrowPanel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * OAuth2's authorization endpoint (decision 028): the signed-in person sees which application
 * asks and answers with a plain form; a visitor signs in first and comes back here. The request
 * is checked before the page shows and again, whole, when the answer is posted.
 */

export const meta: MetaFunction = () => [{ title: `${translateNow("auth.consent.meta")} | Arkiv` }];

export async function loader(args: LoaderFunctionArgs) {
  return pageHandler(async ({ request }: LoaderFunctionArgs) => {
    const viewer = await requireViewer(request, { allowGuest: false });
    const query = Object.fromEntries(new URL(request.url).searchParams);
    const { application, params } = await checkAuthorizationRequest(query);
    return json(
      {
        applicationName: application.name,
        userName: viewer.fullName,
        returnOrigin: new URL(params.redirect_uri).origin,
        params,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  })(args);
}

export async function action(args: ActionFunctionArgs) {
  return pageHandler(async ({ request }: ActionFunctionArgs) => {
    const viewer = await requireViewer(request, { allowGuest: false });
    const body = await readBody(request, { json: false });
    const values = Object.fromEntries(AUTHORIZATION_PARAMS.map((name) => [name, body[name]]));
    const checked = await checkAuthorizationRequest(values);
    return authorizationRedirect(request, viewer, checked, body.decision === "allow");
  })(args);
}

export default function AuthorizeView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section className={narrowPanel} aria-labelledby="consent-title">
      <h1 id="consent-title">{t("auth.consent.title")}</h1>
      <ConsentForm {...data} action={`${location.pathname}${location.search}`} />
    </section>
  );
}
