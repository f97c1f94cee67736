import "~/components/shell/shell-bundle";
import { PeopleTabs } from "~/components/people/PeopleTabs";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GroupList } from "~/components/group/GroupList";
import * as css from "~/components/group/groups.css";
import { Button } from "~/components/ui/Button";
import { groupsListAction, groupsListData } from "~/http/group/group-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * Manage groups (spec 002 "Manage users and groups modal", groups tab; decision 035): the modal
 * is this page, with and without JavaScript. Only holders of manageUsers reach it.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.groups.heading")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => groupsListData(request))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => groupsListAction(request))(args);
}

export default function ManageGroupsView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const back = data.listQuery ? `?${data.listQuery}` : "";
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="groups-title">
        <h1 id="groups-title">{t("people.groups.heading")}</h1>
        <PeopleTabs current="groups" />
        {data.confirmDelete ? (
          <Form
            method="post"
            className={css.confirm}
            aria-label={t("people.groups.confirmDeleteLabel", { name: data.confirmDelete.name })}
          >
            <p role="alert">
              {t("people.groups.confirmDelete", { name: data.confirmDelete.name })}
            </p>
            <input type="hidden" name="id" value={data.confirmDelete.id} />
            <input type="hidden" name="back" value={back} />
            <div className={css.actions}>
              <Button type="submit" name="intent" value="delete">
                {t("people.groups.deleteGroup")}
              </Button>
              <Link to={LINKS.adminGroups + back} className={css.link}>
                {t("people.cancel")}
              </Link>
            </div>
          </Form>
        ) : null}
        <GroupList
          rows={data.rows}
          columns={data.columns}
          q={data.query.q}
          count={data.count}
          page={data.page}
          pages={data.pages}
          paging={data.paging}
          listQuery={data.listQuery}
          open={data.open}
          more={data.more}
          columnError={reply?.fieldErrors?.columns}
          sort={{ field: data.query.sortfield, dir: data.query.sortdir }}
        />
      </section>
    </div>
  );
}
