import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EditorPanel } from "~/components/processing/EditorPanel";
import { ProfileSetEditor } from "~/components/processing/ProfileSetEditor";
import { editorAction, editorData } from "~/http/processing/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { LINKS } from "~/utils/links";

/* Edit profile set: the profiles a type-2 archive offers for download (decision 040). */

export const meta: MetaFunction = () => [{ title: "Edit profile set | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request, params }: LoaderFunctionArgs) =>
    editorData(request, "processingProfileSets", params.id ?? ""),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request, params }: ActionFunctionArgs) =>
    editorAction(request, "processingProfileSets", params.id ?? "", LINKS.adminProcessingProfiles),
  )(args);
}

export default function ProfileSetEditorView() {
  const { entry, profiles } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <EditorPanel
      back={LINKS.adminProcessingProfiles}
      backLabel="Processing profiles"
      title={entry ? entry.Name : "Edit profile set"}
    >
      <ProfileSetEditor set={entry} profiles={profiles} reply={reply} />
    </EditorPanel>
  );
}
