import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { InvitationGrid } from "~/components/invitation/InvitationGrid";
import type { FormReplyBody } from "~/http/error";
import {
  invitationsPageAction,
  invitationsPageData,
} from "~/http/invitation/invitation-page.server";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import * as controls from "~/components/ui/controls.css";
import { LINKS } from "~/utils/links";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * The invitations manager of spec 002 as a page (decision 037): every invitation not revoked,
 * its link to copy, its details, and revoke after confirming.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.invitations.meta")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => invitationsPageData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => invitationsPageAction(request))(args);
}

export default function InvitationsView() {
  const t = useT();
  const { invitations, confirmRevoke } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="invitations-title">
        <h1 id="invitations-title">{t("people.invitations.title")}</h1>
        <p>
          <Link to={LINKS.adminInvite}>{t("people.invitations.invite")}</Link>
        </p>
        {reply ? (
          <p className={controls.fieldError} role="alert">
            {Object.values(reply.fieldErrors)[0] ?? reply.value}
          </p>
        ) : null}
        <InvitationGrid invitations={invitations} confirmRevoke={confirmRevoke} />
      </section>
    </div>
  );
}
