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

/* Add group (spec 002 "Group editor", decision 035): General first; members once it exists. */

export const meta: MetaFunction = () => [{ title: "Add group | Manage groups | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => groupEditorData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => groupEditorAction(request, null))(args);
}

export default function NewGroupView() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="group-title">
        <p>
          <Link to={LINKS.adminGroups} className={css.link}>
            Manage groups
          </Link>
        </p>
        <h1 id="group-title">Add group</h1>
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
