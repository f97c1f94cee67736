import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { UserEditor } from "~/components/user/UserEditor";
import * as css from "~/components/user/users.css";
import { conformResult, type FormReplyBody } from "~/http/error";
import { editorAction, editorData } from "~/http/user/users-page.server";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { gridReturn } from "~/utils/user-links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";
import { useFormat } from "~/components/locale/format";

/*
 * Edit a user (spec 002): only what changed is saved, over the revision the page was opened at
 * (a save over someone else's is refused, 409); the device tokens are reset by their own form.
 */

export const handle = { i18n: ["people"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.username ?? translateNow("people.users.meta.user")} | Arkiv` },
];

const idOf = (params: LoaderFunctionArgs["params"]) => {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    editorData(request, idOf(params)),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    editorAction(request, idOf(params)),
  )(args);
}

export default function EditUserView() {
  const t = useT();
  const f = useFormat();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const [params] = useSearchParams();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="user-title">
        <h1 id="user-title">
          {t("people.edit.heading", { username: data.username ?? "" })}
          {data.isSiteOwner ? (
            <span className={css.badge}>{t("people.users.siteOwner")}</span>
          ) : null}
        </h1>
        <p>
          {t("people.edit.lastLogin", {
            date: data.lastLoginDate ? f.dateTime(data.lastLoginDate) : t("people.users.never"),
          })}
        </p>
        <UserEditor
          key={reply?.requestId ?? `${data.id}-${data.revision}`}
          mode="edit"
          revision={data.revision}
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
      {data.actions.resetDeviceTokens ? (
        <section className={panel} aria-labelledby="devices-title">
          <h2 id="devices-title">{t("people.edit.devices")}</h2>
          <p>{t("people.edit.devicesLead", { username: data.username ?? "" })}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="resetDeviceTokens" />
            <Button type="submit" variant="secondary">
              {t("people.edit.resetTokens")}
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
