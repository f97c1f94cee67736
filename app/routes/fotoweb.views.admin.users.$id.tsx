import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { UserEditor } from "~/components/user/UserEditor";
import * as css from "~/components/user/users.css";
import { conformResult, type FormReplyBody } from "~/http/error";
import { editorAction, editorData } from "~/http/user/users-page.server";
import { pageHandler } from "~/http/http.server";
import { formatUserDate } from "~/models/user/user-admin.schema";
import { page, panel } from "~/styles/global.css";
import { gridReturn } from "~/utils/user-links";

/*
 * Edit a user (spec 002): only what changed is saved, over the revision the page was opened at
 * (a save over someone else's is refused, 409); the device tokens are reset by their own form.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.username ?? "User"} | Arkiv` },
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
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  const [params] = useSearchParams();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="user-title">
        <h1 id="user-title">
          Edit {data.username}
          {data.isSiteOwner ? <span className={css.badge}>Site owner</span> : null}
        </h1>
        <p>Last login: {formatUserDate(data.lastLoginDate)}</p>
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
          <h2 id="devices-title">Devices</h2>
          <p>Signs {data.username} out of every app and browser; each must sign in again.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="resetDeviceTokens" />
            <Button type="submit" variant="secondary">
              Reset device tokens
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
