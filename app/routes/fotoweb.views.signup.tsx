import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SignupForm } from "~/components/signup/SignupForm";
import { signupPageAction, signupPageData } from "~/http/signup/signup-page.server";
import { pageHandler } from "~/http/http.server";
import { alertInfo, narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * The public sign-up (spec 002, decision 036), for a visitor without an account, while the site
 * allows sign-ups (404 otherwise). An approver decides; the answer comes by mail.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.signup.meta.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => signupPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => signupPageAction(request))(args);
}

export default function SignupView() {
  const { fields, siteName, sent } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="signup-title">
      <h1 id="signup-title">{t("people.signup.heading", { site: siteName })}</h1>
      {sent ? (
        <div className={alertInfo} role="status" data-testid="signup-received">
          <p>{t("people.signup.received")}</p>
          <p>
            <Link to={LINKS.login}>{t("people.signup.backToLogOn")}</Link>
          </p>
        </div>
      ) : (
        <>
          <p>
            {t("people.signup.lead")} <Link to={LINKS.login}>{t("people.signup.haveAccount")}</Link>
          </p>
          <SignupForm fields={fields} />
        </>
      )}
    </section>
  );
}
