import "~/components/shell/shell-bundle";
import { PeopleTabs } from "~/components/people/PeopleTabs";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { UsersGrid } from "~/components/user/UsersGrid";
import * as css from "~/components/user/users.css";
import type { FormReplyBody } from "~/http/error";
import { usersGridAction, usersGridData } from "~/http/user/users-page.server";
import { pageHandler } from "~/http/http.server";
import { alertDanger, page, panel } from "~/styles/global.css";
import { gridSearch, USER_LINKS } from "~/utils/user-links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * Manage users (spec 002's users tab, decision 034): without JavaScript the modal is this page.
 * Only holders of manageUsers reach it; to anyone else it is an address with nothing at it.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.users.meta.title")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => usersGridData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => usersGridAction(request))(args);
}

export default function UsersView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const back = `${USER_LINKS.grid}${gridSearch({ ...data.query, p: data.page, sel: data.selected.map((u) => u.id) })}`;
  const confirm = data.confirmDelete;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="users-title">
        <h1 id="users-title">{t("people.users.heading")}</h1>
        <PeopleTabs current="users" />
        {reply ? (
          <p role="alert" className={alertDanger}>
            {Object.values(reply.fieldErrors ?? {})[0] ?? reply.value}
          </p>
        ) : null}
        {confirm ? (
          <div role="alert" className={css.confirm}>
            <p>
              {t("people.users.confirmDelete", {
                username: confirm.username,
                fullName: confirm.fullName,
              })}
            </p>
            <Form method="post" className={css.actions}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={confirm.id} />
              <input type="hidden" name="back" value={back} />
              <Button type="submit">{t("people.users.deleteUser")}</Button>
              <a href={back} className={css.link}>
                {t("people.cancel")}
              </a>
            </Form>
          </div>
        ) : null}
        <UsersGrid {...data} />
      </section>
    </div>
  );
}
