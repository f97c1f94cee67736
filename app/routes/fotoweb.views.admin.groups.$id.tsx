import "~/components/shell/shell-bundle";
import * as tabsCss from "~/components/people/people-tabs.css";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralForm, MembersForm, PropertiesForm } from "~/components/group/GroupEditor";
import * as css from "~/components/group/groups.css";
import { groupEditorAction, groupEditorData } from "~/http/group/group-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/*
 * The group editor (spec 002 "Group editor"; decision 035): General, Members and Custom
 * properties as tabs that are links, each tab's form a plain post.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.group?.name ?? "Group"} | Manage groups | Arkiv` },
];

const idOf = (value: string | undefined) => (/^\d{1,9}$/.test(value ?? "") ? Number(value) : -1);

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    groupEditorData(request, idOf(params.id)),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    groupEditorAction(request, idOf(params.id)),
  )(args);
}

const TABS = [
  { id: "general", label: "General" },
  { id: "members", label: "Members" },
  { id: "properties", label: "Custom properties" },
] as const;

export default function GroupEditorView() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const group = data.group!;
  const tabs = TABS.filter((t) => t.id !== "members" || group.actions.updateMembers);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="group-title">
        <p>
          <Link to={LINKS.adminGroups} className={css.link}>
            Manage groups
          </Link>
        </p>
        <h1 id="group-title">{`Edit group ${group.name}`}</h1>
        <nav aria-label="Group editor" className={tabsCss.tabs}>
          {tabs.map((t) => (
            <Link
              key={t.id}
              to={`?tab=${t.id}`}
              className={tabsCss.tab}
              aria-current={data.tab === t.id ? "page" : undefined}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        {data.tab === "members" && data.members ? (
          <MembersForm
            // A save starts the form afresh: what was chosen is now among the members.
            key={[...data.members.users, ...data.members.groups].map((m) => m.id).join(",")}
            group={group}
            members={data.members}
            search={data.search}
            reply={reply}
          />
        ) : data.tab === "properties" ? (
          <PropertiesForm key={group.revision} group={group} reply={reply} />
        ) : (
          <GeneralForm
            key={group.revision}
            group={group}
            memberOf={data.memberOf}
            memberOfResults={data.memberOfResults}
            groupq={data.search.groupq}
            reply={reply}
          />
        )}
      </section>
    </div>
  );
}
