import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as css from "~/components/metadata/metadata-admin.css";
import { DeleteForm } from "~/components/metadata/MetadataAdminLists";
import { draftOfReply, ViewEditor } from "~/components/metadata/ViewEditor";
import { viewEditorAction, viewEditorData } from "~/http/metadata/metadata-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { viewDraftOf } from "~/models/metadata/metadata-form";
import { DEFAULT_VIEW_ID } from "~/models/metadata/metadata.schema";
import { editorHref, METADATA_ADMIN } from "~/models/metadata/metadata.view";
import { page, panel } from "~/styles/global.css";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/*
 * One metadata view (decision 041): edit it, see it as browsers do, delete it (refused while an
 * archive uses it, or for the default view).
 */

export const handle = { i18n: ["metadata"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.view?.Name ?? translateNow("metadata.view.meta")} | ${translateNow("metadata.viewList.title")} | Arkiv`,
  },
];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    viewEditorData(request, params.viewid ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    viewEditorAction(request, params.viewid ?? ""),
  )(args);
}

export default function ViewView() {
  const t = useT();
  const { view, fields, archives } = useLoaderData<typeof loader>();
  const data = useActionData<FormReplyBody | { draft: unknown }>();
  if (!view) return null;
  const { draft, reply, key } = draftOfReply(data, viewDraftOf(view));
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="view-title">
        <p>
          <Link to={METADATA_ADMIN.views} className={css.link}>
            {t("metadata.viewList.title")}
          </Link>
        </p>
        <h1 id="view-title">{t("metadata.view.title", { name: view.Name })}</h1>
        <p>
          <Link to={editorHref(view.Id)} className={css.link}>
            {t("metadata.view.seeAsBrowsers")}
          </Link>
          {/* The dot written here, not imported: each import a route adds is listed in the build's
              manifest, which every page loads, and the asset page is at its ceiling. */}
          {archives.length > 0
            ? ` · ${t("metadata.view.usedBy", { archives: archives.join(", ") })}`
            : null}
        </p>
        <ViewEditor
          key={key}
          draft={draft}
          isNew={false}
          revision={view.Revision}
          fields={fields}
          reply={reply}
        />
        <DeleteForm
          what="view"
          note={
            view.Id === DEFAULT_VIEW_ID
              ? t("metadata.view.defaultKept")
              : archives.length > 0
                ? t("metadata.view.inUse", {
                    archives: archives.map((name) => t("metadata.quoted", { name })).join(", "),
                  })
                : t("metadata.view.unused")
          }
        />
      </section>
    </div>
  );
}
