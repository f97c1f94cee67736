import "~/components/shell/shell-bundle";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LoginForm } from "~/components/account/LoginForm";
import type { FormReplyBody } from "~/http/error";
import { logIn } from "~/models/auth/auth.server";
import { loginSchema } from "~/models/auth/auth.schema";
import { getSiteSettings } from "~/models/site/site.server";
import { narrowPanel } from "~/styles/global.css";
import { isSecureRequest, pageHandler } from "~/http/http.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/http/redirect";
import { getViewer, startUserSession } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { isOwnAccount } from "~/models/access/access.server";

export const meta: MetaFunction = () => [{ title: "Log on | Arkiv" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("to"));
  const viewer = await getViewer(request);
  if (isOwnAccount(viewer)) throw redirect(to);
  const { guestAccess, signups } = await getSiteSettings();
  return json({
    to,
    guestAccess,
    insecure: !isSecureRequest(request),
    signupsOpen: signups.enabled,
  });
}

// A function, not `pageHandler(…)` at the top: the browser bundle runs a route's top level, and
// .server modules are empty there.
export function action(args: ActionFunctionArgs) {
  return pageHandler(logOn)(args);
}

async function logOn({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, loginSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  const outcome = await logIn(submission.data);
  if (!outcome.ok)
    return formReply(request, { formError: outcome.message, values: submission.values });
  const cookie = await startUserSession(request, outcome.user.id);
  const to = outcome.user.forcePasswordChange
    ? LINKS.forceChangePassword
    : safeRedirect(submission.data.to);
  const message = outcome.user.isGuest
    ? "You are browsing as a guest."
    : `Welcome, ${outcome.user.fullName}.`;
  return redirectWithToast(request, to, { message }, [cookie]);
}

export default function LoginView() {
  const { to, guestAccess, insecure, signupsOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormReplyBody>();
  const again = actionData?.repopulateFields;
  return (
    <section className={narrowPanel} aria-labelledby="login-title">
      <h1 id="login-title">Log on</h1>
      <LoginForm
        to={to}
        guestAccess={guestAccess}
        insecure={insecure}
        formError={actionData?.formError}
        defaultMode={again?.mode === "user" || again?.mode === "guest" ? again.mode : undefined}
        defaultUsername={typeof again?.username === "string" ? again.username : undefined}
      />
      <p>
        <Link to={LINKS.forgotPassword}>Forgot your password?</Link>
        {signupsOpen ? (
          <>
            {" · "}
            <Link to={LINKS.signup}>Sign up</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
