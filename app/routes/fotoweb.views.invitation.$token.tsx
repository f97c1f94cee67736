import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RedeemForm } from "~/components/invitation/RedeemForm";
import * as css from "~/components/invitation/invitations.css";
import type { FormReplyBody } from "~/http/error";
import { redeemPageAction, redeemPageData } from "~/http/invitation/invitation-redeem.server";
import { pageHandler } from "~/http/http.server";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * An invitation link (spec 002, decision 037): who invited and why, and the form that makes the
 * account. A link that cannot be used answers one 404, whatever the reason.
 */

export const meta: MetaFunction = () => [
  { title: "You are invited | Arkiv" },
  { name: "referrer", content: "same-origin" },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    redeemPageData(request, params.token ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    redeemPageAction(request, params.token ?? ""),
  )(args);
}

export default function InvitationView() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <section className={narrowPanel} aria-labelledby="invitation-title">
      <h1 id="invitation-title">You are invited</h1>
      <p>{`${data.inviter} has invited you to Arkiv. Make your account to join.`}</p>
      {data.message ? (
        <blockquote className={css.message} aria-label={`Message from ${data.inviter}`}>
          {data.message}
        </blockquote>
      ) : null}
      {data.signedInAs ? (
        <p>
          You are signed in as {data.signedInAs}. Making an account signs you in as the new account
          instead. <Link to={LINKS.home}>Go back</Link>
        </p>
      ) : null}
      <RedeemForm
        kind={data.kind}
        email={data.email}
        organizationDomain={data.organizationDomain}
        reply={reply}
      />
    </section>
  );
}
