import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SignupFieldsForm } from "~/components/signup/SignupFieldsForm";
import type { FormReplyBody } from "~/http/error";
import { signupFieldsAction, signupFieldsData } from "~/http/signup/signup-page.server";
import { pageHandler } from "~/http/http.server";
import { rowsFromPosted, rowsFromSettings } from "~/models/signup/signup.schema";
import { alertDanger, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * Sign-up settings (decision 036), for the site owner (manageSettings): whether visitors may sign
 * up, whether approvers choose groups, and the extra fields of the sign-up form.
 */

export const meta: MetaFunction = () => [{ title: "Sign-up settings | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => signupFieldsData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => signupFieldsAction(request))(args);
}

export default function SignupFieldsView() {
  const { settings } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const posted = reply?.repopulateFields;
  return (
    <section className={panel} aria-labelledby="signup-settings-title">
      <h1 id="signup-settings-title">Sign-up settings</h1>
      <p>
        Visitors sign up at <Link to={LINKS.signup}>{LINKS.signup}</Link>; those who may approve
        sign-ups decide at <Link to={LINKS.adminSignups}>pending sign-ups</Link>.{" "}
        <Link to={LINKS.management}>Back to site settings</Link>
      </p>
      {reply?.fieldErrors ? (
        <p className={alertDanger} role="alert">
          {reply.value}
        </p>
      ) : null}
      <SignupFieldsForm
        key={reply?.requestId ?? "saved"}
        enabled={posted ? posted.enabled === "on" : settings.enabled}
        adminCanAssignGroups={
          posted ? posted.adminCanAssignGroups === "on" : settings.adminCanAssignGroups
        }
        rows={posted ? rowsFromPosted(posted) : rowsFromSettings(settings)}
        errors={reply?.fieldErrors ?? {}}
      />
    </section>
  );
}
