import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EditorPanel } from "~/components/processing/EditorPanel";
import { CropProfileSetEditor } from "~/components/processing/SetEditors";
import { editorAction, editorData } from "~/http/processing/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { LINKS } from "~/utils/links";

/* Edit crop profile set (decision 040). */

export const meta: MetaFunction = () => [{ title: "Edit crop profile set | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    editorData(request, "cropProfileSets", params.id ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    editorAction(request, "cropProfileSets", params.id ?? "", LINKS.adminCropProfileSets),
  )(args);
}

export default function SetEditorView() {
  const { entry } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <EditorPanel
      back={LINKS.adminCropProfileSets}
      backLabel="Crop profile sets"
      title={entry ? entry.Name : "Edit crop profile set"}
    >
      <CropProfileSetEditor set={entry} reply={reply} />
    </EditorPanel>
  );
}
