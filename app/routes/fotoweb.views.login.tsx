import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LoginForm } from "~/components/account/LoginForm";
import { logIn } from "~/models/auth/auth.server";
import { loginValidator as validator } from "~/models/auth/auth.validators";
import { getSiteSettings } from "~/models/site/site.server";
import { narrowPanel } from "~/styles/global.css";
import { invalidForm, isSecureRequest, readForm } from "~/http/http.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/http/redirect";
import { getViewer, startUserSession } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: "Log on | Arkiv" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("to"));
  const viewer = await getViewer(request);
  if (viewer && !viewer.isGuest) throw redirect(to);
  const { guestAccess } = await getSiteSettings();
  return json({ to, guestAccess, insecure: !isSecureRequest(request) });
}

export async function action({ request }: ActionFunctionArgs) {
  const result = await validator.validate(await readForm(request));
  const repopulate = { mode: result.submittedData.mode, username: result.submittedData.username };
  if (result.error) return invalidForm(result.error, repopulate);
  const outcome = await logIn(result.data);
  if (!outcome.ok) {
    return json({ formError: outcome.message, repopulate }, { status: 400 });
  }
  const cookie = await startUserSession(request, outcome.user.id);
  const to = outcome.user.forcePasswordChange
    ? LINKS.forceChangePassword
    : safeRedirect(result.data.to);
  const message = outcome.user.isGuest
    ? "You are browsing as a guest."
    : `Welcome, ${outcome.user.fullName}.`;
  return redirectWithToast(request, to, { message }, [cookie]);
}

export default function LoginView() {
  const { to, guestAccess, insecure } = useLoaderData<typeof loader>();
  const actionData = useActionData<{
    formError?: string;
    repopulateFields?: { mode?: string; username?: string };
    repopulate?: { mode?: string; username?: string };
  }>();
  const again = actionData?.repopulate ?? actionData?.repopulateFields;
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
    </section>
  );
}
