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
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { isLanguageOffered, localeOf } from "~/http/locale/locale.server";
import { translate } from "~/models/locale/catalog.server";
import type { Viewer } from "~/models/user/user.schema";
import { SEPARATOR } from "~/components/ui/separator";

export const meta: MetaFunction = () => [{ title: `${translateNow("auth.logOn.title")} | Arkiv` }];

export const handle = { i18n: ["auth"] };

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
  const language = await languageOf(request, outcome.user);
  const message = outcome.user.isGuest
    ? translate(language, "auth.toast.guest")
    : translate(language, "auth.toast.welcome", { name: outcome.user.fullName });
  return redirectWithToast(request, to, { message }, [cookie]);
}

/*
 * The welcome is read on the next page, which is in the language the person saved (decision
 * 101); before signing in the request knew only the cookie's or the browser's.
 */
async function languageOf(request: Request, user: Viewer) {
  const saved = user.isGuest ? undefined : user.preferences.intranet.language;
  return isLanguageOffered(saved) ? saved : (await localeOf(request)).language;
}

/** Between the links under the form: punctuation, the same in every language. */

export default function LoginView() {
  const { to, guestAccess, insecure, signupsOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormReplyBody>();
  const again = actionData?.repopulateFields;
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="login-title">
      <h1 id="login-title">{t("auth.logOn.title")}</h1>
      <LoginForm
        to={to}
        guestAccess={guestAccess}
        insecure={insecure}
        formError={actionData?.formError}
        defaultMode={again?.mode === "user" || again?.mode === "guest" ? again.mode : undefined}
        defaultUsername={typeof again?.username === "string" ? again.username : undefined}
      />
      <p>
        <Link to={LINKS.forgotPassword}>{t("auth.logOn.forgotLink")}</Link>
        {signupsOpen ? (
          <>
            {SEPARATOR}
            <Link to={LINKS.signup}>{t("auth.logOn.signUpLink")}</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
