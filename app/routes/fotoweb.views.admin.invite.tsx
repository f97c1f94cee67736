import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { InviteDone } from "~/components/invitation/InviteDone";
import { EMPTY_WIZARD, InviteWizard } from "~/components/invitation/InviteWizard";
import type { FormReplyBody } from "~/http/error";
import { invitePageAction, invitePageData } from "~/http/invitation/invitation-page.server";
import { pageHandler } from "~/http/http.server";
import type { InviteWizardState } from "~/models/invitation/invitation.schema";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/*
 * The invite modal of spec 002 as a page (decision 037): recipients by e-mail, organization
 * domain or link, then groups, then invite. Every step is a plain form post; JavaScript adds tabs,
 * paste splitting and the group search while typing.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.invite.meta")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => invitePageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => invitePageAction(request))(args);
}

export default function InviteView() {
  const t = useT();
  const { created } = useLoaderData<typeof loader>();
  // A step's state, and with a refusal the one form reply beside it.
  const reply = useActionData<{ wizard?: InviteWizardState } & Partial<FormReplyBody>>();
  const state = reply?.wizard ?? EMPTY_WIZARD;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="invite-title">
        <h1 id="invite-title">{t("people.invite.title")}</h1>
        <p>
          <Msg id="people.invite.intro" components={{ 0: <Link to={LINKS.adminInvitations} /> }} />
        </p>
        {created ? (
          <InviteDone invitation={created} />
        ) : (
          <InviteWizard key={JSON.stringify(state)} initial={state} reply={reply} />
        )}
      </section>
    </div>
  );
}
