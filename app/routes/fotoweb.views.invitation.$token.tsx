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
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * An invitation link (spec 002, decision 037): who invited and why, and the form that makes the
 * account. A link that cannot be used answers one 404, whatever the reason.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.redeem.title")} | Arkiv` },
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
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const inviter = data.inviter ?? t("people.redeem.anAdministrator");
  const reply = useActionData<FormReplyBody>();
  return (
    <section className={narrowPanel} aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t("people.redeem.title")}</h1>
      <p>{t("people.redeem.intro", { inviter })}</p>
      {data.message ? (
        <blockquote
          className={css.message}
          aria-label={t("people.redeem.messageFrom", { inviter })}
        >
          {data.message}
        </blockquote>
      ) : null}
      {data.signedInAs ? (
        <p>
          <Msg
            id="people.redeem.signedInAs"
            values={{ name: data.signedInAs }}
            components={{ 0: <Link to={LINKS.home} /> }}
          />
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
