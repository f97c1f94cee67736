import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EditorPanel } from "~/components/processing/EditorPanel";
import { RenditionSetEditor } from "~/components/processing/SetEditors";
import { editorAction, editorData } from "~/http/processing/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { LINKS } from "~/utils/links";

/* Add quick rendition set (decision 040). */

export const meta: MetaFunction = () => [{ title: "Add quick rendition set | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) =>
    editorData(request, "renditionSets", null),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    editorAction(request, "renditionSets", null, LINKS.adminRenditionSets),
  )(args);
}

export default function SetEditorView() {
  const { entry } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <EditorPanel
      back={LINKS.adminRenditionSets}
      backLabel="Quick rendition sets"
      title={entry ? entry.Name : "Add quick rendition set"}
    >
      <RenditionSetEditor set={entry} reply={reply} />
    </EditorPanel>
  );
}
