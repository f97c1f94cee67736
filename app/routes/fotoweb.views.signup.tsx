import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SignupForm } from "~/components/signup/SignupForm";
import { signupPageAction, signupPageData } from "~/http/signup/signup-page.server";
import { pageHandler } from "~/http/http.server";
import { alertInfo, narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The public sign-up (spec 002, decision 036), for a visitor without an account, while the site
 * allows sign-ups (404 otherwise). An approver decides; the answer comes by mail.
 */

export const meta: MetaFunction = () => [{ title: "Sign up | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => signupPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => signupPageAction(request))(args);
}

export default function SignupView() {
  const { fields, siteName, sent } = useLoaderData<typeof loader>();
  return (
    <section className={narrowPanel} aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up for {siteName}</h1>
      {sent ? (
        <div className={alertInfo} role="status" data-testid="signup-received">
          <p>
            Thank you. Your sign-up was received and waits for an administrator. You will get an
            e-mail when it has been decided.
          </p>
          <p>
            <Link to={LINKS.login}>Back to log on</Link>
          </p>
        </div>
      ) : (
        <>
          <p>
            Ask for an account. An administrator approves each sign-up.{" "}
            <Link to={LINKS.login}>Already have an account? Log on</Link>
          </p>
          <SignupForm fields={fields} />
        </>
      )}
    </section>
  );
}
