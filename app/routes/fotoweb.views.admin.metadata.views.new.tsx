import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { draftOfReply, ViewEditor } from "~/components/metadata/ViewEditor";
import { viewEditorAction, viewEditorData } from "~/http/metadata/metadata-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { viewDraftOf } from "~/models/metadata/metadata-form";
import { METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/* Add a metadata view (decision 041). */

export const handle = { i18n: ["metadata"] };

export const meta: MetaFunction = () => [{ title: `${translateNow("metadata.view.new")} | Arkiv` }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) => viewEditorData(request, null))(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) => viewEditorAction(request, null))(args);
}

export default function NewViewView() {
  const t = useT();
  const { fields } = useLoaderData<typeof loader>();
  const data = useActionData<FormReplyBody | { draft: unknown }>();
  const { draft, reply, key } = draftOfReply(data, viewDraftOf(null));
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="view-title">
        <p>
          <Link to={METADATA_ADMIN.views} className={css.link}>
            {t("metadata.viewList.title")}
          </Link>
        </p>
        <h1 id="view-title">{t("metadata.view.new")}</h1>
        <ViewEditor key={key} draft={draft} isNew fields={fields} reply={reply} />
      </section>
    </div>
  );
}
