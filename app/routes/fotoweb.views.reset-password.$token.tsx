import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResetPasswordForm } from "~/components/account/ResetPasswordForm";
import { resetLinkData, submitNewPassword } from "~/http/auth/password-reset.server";
import { pageHandler } from "~/http/http.server";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * A mailed reset link (decision 036): a new password for the account, once, within the hour;
 * every session of the account ends and this browser is signed in.
 */

export const meta: MetaFunction = () => [{ title: `${translateNow("auth.reset.title")} | Arkiv` }];

export const handle = { i18n: ["auth"] };

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    resetLinkData(request, params.token ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    submitNewPassword(request, params.token ?? ""),
  )(args);
}

export default function ResetPasswordView() {
  const { username } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="reset-title">
      <h1 id="reset-title">{t("auth.reset.title")}</h1>
      <p>
        <Msg id="auth.reset.intro" values={{ username }} components={{ 0: <strong /> }} />
      </p>
      <ResetPasswordForm username={username} />
      <p>
        <Link to={LINKS.forgotPassword}>{t("auth.reset.askAgain")}</Link>
      </p>
    </section>
  );
}
