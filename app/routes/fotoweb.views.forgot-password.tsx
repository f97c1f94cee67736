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

/*
 * A forgotten password (decision 036): the same answer whether or not the account exists; the
 * link arrives by mail (or in the development outbox).
 */

export const meta: MetaFunction = () => [{ title: "Forgot your password? | Arkiv" }];

export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "1" });
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => requestResetLink(request))(args);
}

export default function ForgotPasswordView() {
  const { sent } = useLoaderData<typeof loader>();
  return (
    <section className={narrowPanel} aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {sent ? (
        <p className={alertInfo} role="status" data-testid="reset-requested">
          If an account matches what you entered and has an e-mail address, a link to choose a new
          password is on its way to that address. It works once, within an hour.
        </p>
      ) : (
        <p>
          Enter your user name or e-mail address. We will mail you a link to choose a new password.
        </p>
      )}
      <ForgotPasswordForm />
      <p>
        <Link to={LINKS.login}>Back to log on</Link>
      </p>
    </section>
  );
}
