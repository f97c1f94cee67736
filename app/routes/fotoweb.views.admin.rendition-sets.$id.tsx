import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RenditionSetEditor } from "~/components/processing/SetEditors";
import * as css from "~/components/processing/processing.css";
import { editorAction, editorData } from "~/http/actions/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { page, panel } from "~/styles/global.css";
import { LINKS } from "~/utils/links";

/* Edit quick rendition set (decision 040). */

export const meta: MetaFunction = () => [{ title: "Edit quick rendition set | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    editorData(request, "renditionSets", params.id ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    editorAction(request, "renditionSets", params.id ?? "", LINKS.adminRenditionSets),
  )(args);
}

export default function SetEditorView() {
  const { entry } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="set-title">
        <p>
          <Link to={LINKS.adminRenditionSets} className={css.link}>
            Quick rendition sets
          </Link>
        </p>
        <h1 id="set-title">{entry ? entry.Name : "Edit quick rendition set"}</h1>
        <RenditionSetEditor set={entry} reply={reply} />
      </section>
    </div>
  );
}
