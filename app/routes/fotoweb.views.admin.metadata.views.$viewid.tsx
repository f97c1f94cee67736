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

/*
 * One metadata view (decision 041): edit it, see it as browsers do, delete it (refused while an
 * archive uses it, or for the default view).
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view?.Name ?? "Metadata view"} | Metadata views | Arkiv` },
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
  const { view, fields, archives } = useLoaderData<typeof loader>();
  const data = useActionData<FormReplyBody | { draft: unknown }>();
  if (!view) return null;
  const { draft, reply, key } = draftOfReply(data, viewDraftOf(view));
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="view-title">
        <p>
          <Link to={METADATA_ADMIN.views} className={css.link}>
            Metadata views
          </Link>
        </p>
        <h1 id="view-title">{`Metadata view ${view.Name}`}</h1>
        <p>
          <Link to={editorHref(view.Id)} className={css.link}>
            See the view as browsers read it
          </Link>
          {archives.length > 0 ? ` · Used by the archives ${archives.join(", ")}` : null}
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
              ? "The default view cannot be deleted: archives without a view of their own use it."
              : archives.length > 0
                ? `The archives ${archives.map((a) => `"${a}"`).join(", ")} use this view: choose another for them first.`
                : "No archive uses this view."
          }
        />
      </section>
    </div>
  );
}
