import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EditorPanel } from "~/components/processing/EditorPanel";
import { ProfileEditor } from "~/components/processing/ProfileEditor";
import { editorAction, editorData } from "~/http/processing/processing-page.server";
import type { FormReplyBody } from "~/http/error";
import { pageHandler } from "~/http/http.server";
import { LINKS } from "~/utils/links";

/* Add processing profile (decision 040). */

export const meta: MetaFunction = () => [{ title: "Add processing profile | Arkiv" }];

export function loader(args: LoaderFunctionArgs) {
  return pageHandler(({ request }: LoaderFunctionArgs) =>
    editorData(request, "processingProfiles", null),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return pageHandler(({ request }: ActionFunctionArgs) =>
    editorAction(request, "processingProfiles", null, LINKS.adminProcessingProfiles),
  )(args);
}

export default function ProcessingProfileEditorView() {
  const { entry, watermarks } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReplyBody>();
  return (
    <EditorPanel
      back={LINKS.adminProcessingProfiles}
      backLabel="Processing profiles"
      title={entry ? entry.Name : "Add processing profile"}
    >
      <ProfileEditor profile={entry} watermarks={watermarks} reply={reply} />
    </EditorPanel>
  );
}
