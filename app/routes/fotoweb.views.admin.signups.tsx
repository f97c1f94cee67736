import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PendingSignups } from "~/components/signup/PendingSignups";
import {
  ApproveSignupForm,
  RejectSignupForm,
  SignupDetailsForm,
} from "~/components/signup/SignupDecisionForms";
import type { FormReplyBody } from "~/http/error";
import { pendingSignupsAction, pendingSignupsData } from "~/http/signup/signup-page.server";
import { pageHandler } from "~/http/http.server";
import { alertDanger, page, panel } from "~/styles/global.css";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * Pending sign-ups (spec 002 "Sign-up screens", decision 036) for those holding
 * approvePendingSignups; to anyone else this page does not exist (404). The spec's modals
 * (details, approve with groups, reject) are forms on this page, chosen by the query.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.signups.meta.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => pendingSignupsData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => pendingSignupsAction(request))(args);
}

export default function PendingSignupsView() {
  const { pending, fields, canAssignGroups, groups, details, approve, reject } =
    useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const t = useT();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="signups-title">
        <h1 id="signups-title">{t("people.signups.meta.title")}</h1>
        {reply?.formError && !approve ? (
          <p className={alertDanger} role="alert">
            {reply.formError}
          </p>
        ) : null}
        <PendingSignups pending={pending} canAssignGroups={canAssignGroups} />
      </section>
      {details ? (
        <section className={panel}>
          <SignupDetailsForm key={details.id} signup={details} fields={fields} />
        </section>
      ) : null}
      {approve ? (
        <section className={panel}>
          <ApproveSignupForm signup={approve} groups={groups} formError={reply?.formError} />
        </section>
      ) : null}
      {reject ? (
        <section className={panel}>
          <RejectSignupForm signup={reject} />
        </section>
      ) : null}
    </div>
  );
}
