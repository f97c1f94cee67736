import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import * as css from "~/components/user/users.css";
import { siteOwnerAction, siteOwnerData } from "~/http/user/users-page.server";
import { pageHandler } from "~/http/http.server";
import { narrowPanel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { USER_LINKS } from "~/utils/user-links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * Set a new site owner (spec 002): a confirmation, then the "site owner changed" notice whose OK
 * logs out. The notice is shown once, from a signed cookie the transfer sets: the old owner may no
 * longer manage users, so the gate would hide any other page from them.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.users.meta.siteOwner")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => siteOwnerData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => siteOwnerAction(request))(args);
}

export default function SiteOwnerView() {
  const t = useT();
  const { user, changed } = useLoaderData<typeof loader>();
  if (changed !== null || !user)
    return (
      <section className={narrowPanel} aria-labelledby="owner-title" role="alertdialog">
        <h1 id="owner-title">{t("people.owner.changed")}</h1>
        <p>{t("people.owner.changedLead", { name: changed ?? "" })}</p>
        <Form method="post" action={LINKS.logout}>
          <Button type="submit">{t("people.owner.ok")}</Button>
        </Form>
      </section>
    );
  return (
    <section className={narrowPanel} aria-labelledby="owner-title">
      <h1 id="owner-title">{t("people.users.meta.siteOwner")}</h1>
      <p>{t("people.owner.confirm", { fullName: user.fullName, username: user.username })}</p>
      <Form method="post" className={css.actions}>
        <input type="hidden" name="user" value={user.id} />
        <Button type="submit">{t("people.owner.set")}</Button>
        <Link to={USER_LINKS.grid} className={button.secondary}>
          {t("people.cancel")}
        </Link>
      </Form>
    </section>
  );
}
