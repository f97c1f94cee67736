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
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * Sign-up settings (decision 036), for the site owner (manageSettings): whether visitors may sign
 * up, whether approvers choose groups, and the extra fields of the sign-up form.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.signupFields.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => signupFieldsData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => signupFieldsAction(request))(args);
}

export default function SignupFieldsView() {
  const t = useT();
  const { settings } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const posted = reply?.repopulateFields;
  return (
    <section className={panel} aria-labelledby="signup-settings-title">
      <h1 id="signup-settings-title">{t("people.signupFields.title")}</h1>
      <p>
        <Msg
          id="people.signupFields.intro"
          values={{ path: LINKS.signup }}
          components={{
            0: <Link to={LINKS.signup} />,
            1: <Link to={LINKS.adminSignups} />,
            2: <Link to={LINKS.management} />,
          }}
        />
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
