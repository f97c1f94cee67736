import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ForgotPasswordForm } from "~/components/account/ForgotPasswordForm";
import { requestResetLink } from "~/http/auth/password-reset.server";
import { pageHandler } from "~/http/http.server";
import { alertInfo, narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * A forgotten password (decision 036): the same answer whether or not the account exists; the
 * link arrives by mail (or in the development outbox).
 */

export const meta: MetaFunction = () => [{ title: `${translateNow("auth.forgot.title")} | Arkiv` }];

export const handle = { i18n: ["auth"] };

export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "1" });
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => requestResetLink(request))(args);
}

export default function ForgotPasswordView() {
  const { sent } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t("auth.forgot.title")}</h1>
      {sent ? (
        <p className={alertInfo} role="status" data-testid="reset-requested">
          {t("auth.forgot.sent")}
        </p>
      ) : (
        <p>{t("auth.forgot.intro")}</p>
      )}
      <ForgotPasswordForm />
      <p>
        <Link to={LINKS.login}>{t("auth.forgot.backToLogOn")}</Link>
      </p>
    </section>
  );
}
