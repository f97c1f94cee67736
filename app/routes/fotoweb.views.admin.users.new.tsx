import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { UserEditor } from "~/components/user/UserEditor";
import { conformResult, type FormReplyBody } from "~/http/error";
import { editorAction, editorData } from "~/http/user/users-page.server";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { gridReturn } from "~/utils/user-links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

/* Add a user (spec 002 "Add/edit user screen"), with the new-user defaults filled in. */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction = () => [
  { title: `${translateNow("people.users.meta.add")} | Arkiv` },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => editorData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => editorAction(request, null))(args);
}

export default function NewUserView() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const [params] = useSearchParams();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="user-title">
        <h1 id="user-title">{t("people.users.meta.add")}</h1>
        <UserEditor
          key={reply?.requestId ?? "new"}
          mode="new"
          revision={null}
          values={{ ...data.values, ...(reply?.repopulateFields as Record<string, string>) }}
          properties={data.properties}
          actions={data.actions}
          groups={data.groups}
          memberOf={data.memberOf}
          back={gridReturn(params.get("back") ?? undefined)}
          lastResult={conformResult(reply)}
          formError={reply?.formError}
        />
      </section>
    </div>
  );
}
