import { useActionData, useLoaderData } from "@remix-run/react";
import type { FormReplyBody } from "~/http/error";
import { useT } from "~/components/locale/locale-context";
import type { listEditorLoader } from "~/http/processing/processing-page.server";
import { EditorPanel } from "./EditorPanel";
import { editorTitle, LIST_EDITORS, type EditedList } from "~/models/processing/list-editors";
import { ProfileEditor } from "./ProfileEditor";
import { ProfileSetEditor } from "./ProfileSetEditor";
import type {
  CropProfileSetInput,
  ProcessingProfileInput,
  RenditionSetInput,
} from "~/models/processing/processing.schema";
import { CropProfileSetEditor, RenditionSetEditor } from "./SetEditors";

/** The page of one processing list's entry, new or existing: its frame and its list's editor. */
export function ListEditorView({ list, adding }: { list: EditedList; adding: boolean }) {
  const t = useT();
  const { entry, profiles, watermarks } = useLoaderData<typeof listEditorLoader>();
  const reply = useActionData<FormReplyBody>();
  const { home, backLabel } = LIST_EDITORS[list];
  // The loader answers the entry of the list its route names, so each editor gets its own record.
  const editor = {
    processingProfiles: () => (
      <ProfileEditor
        profile={entry as ProcessingProfileInput | null}
        watermarks={watermarks}
        reply={reply}
      />
    ),
    processingProfileSets: () => (
      <ProfileSetEditor
        set={entry as { Name: string; Profiles: string[] } | null}
        profiles={profiles}
        reply={reply}
      />
    ),
    renditionSets: () => (
      <RenditionSetEditor set={entry as RenditionSetInput | null} reply={reply} />
    ),
    cropProfileSets: () => (
      <CropProfileSetEditor set={entry as CropProfileSetInput | null} reply={reply} />
    ),
  }[list];
  return (
    <EditorPanel
      back={home}
      backLabel={t(backLabel)}
      title={entry ? entry.Name : t(editorTitle(list, adding))}
    >
      {editor()}
    </EditorPanel>
  );
}
