import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ResetPasswordForm } from "~/components/account/ResetPasswordForm";
import { resetLinkData, submitNewPassword } from "~/http/auth/password-reset.server";
import { pageHandler } from "~/http/http.server";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * A mailed reset link (decision 036): a new password for the account, once, within the hour;
 * every session of the account ends and this browser is signed in.
 */

export const meta: MetaFunction = () => [{ title: "Choose a new password | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ params }: LoaderFunctionArgs) => resetLinkData(params.token ?? ""))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    submitNewPassword(request, params.token ?? ""),
  )(args);
}

export default function ResetPasswordView() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <section className={narrowPanel} aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <p>
        For the account <strong>{username}</strong>. Every place it is signed in will be signed out.
      </p>
      <ResetPasswordForm username={username} />
      <p>
        <Link to={LINKS.forgotPassword}>Ask for a new link</Link>
      </p>
    </section>
  );
}
