import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralForm } from "~/components/group/GroupEditor";
import * as css from "~/components/group/groups.css";
import { groupEditorAction, groupEditorData } from "~/http/group/group-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/* Add group (spec 002 "Group editor", decision 035): General first; members once it exists. */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  {
    title: `${translateNow("people.groups.meta.new")} | ${translateNow("people.groups.heading")} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => groupEditorData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => groupEditorAction(request, null))(args);
}

export default function NewGroupView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="group-title">
        <p>
          <Link to={LINKS.adminGroups} className={css.link}>
            {t("people.groups.heading")}
          </Link>
        </p>
        <h1 id="group-title">{t("people.groups.meta.new")}</h1>
        <GeneralForm
          group={null}
          memberOf={[]}
          memberOfResults={data.memberOfResults}
          groupq={data.search.groupq}
          reply={reply}
        />
      </section>
    </div>
  );
}
