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
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/*
 * The group editor (spec 002 "Group editor"; decision 035): General, Members and Custom
 * properties as tabs that are links, each tab's form a plain post.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.group?.name ?? translateNow("people.groups.meta.group")} | ${translateNow("people.groups.heading")} | Arkiv`,
  },
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
  { id: "general", label: "people.groupEditor.general" },
  { id: "members", label: "people.groupEditor.members" },
  { id: "properties", label: "people.groupEditor.properties" },
] as const;

export default function GroupEditorView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const group = data.group!;
  const tabs = TABS.filter((tab) => tab.id !== "members" || group.actions.updateMembers);
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="group-title">
        <p>
          <Link to={LINKS.adminGroups} className={css.link}>
            {t("people.groups.heading")}
          </Link>
        </p>
        <h1 id="group-title">{t("people.groupEditor.heading", { name: group.name })}</h1>
        <nav aria-label={t("people.groupEditor.tabs")} className={tabsCss.tabs}>
          {tabs.map((tab) => (
            <Link
              key={tab.id}
              to={`?tab=${tab.id}`}
              className={tabsCss.tab}
              aria-current={data.tab === tab.id ? "page" : undefined}
            >
              {t(tab.label)}
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
