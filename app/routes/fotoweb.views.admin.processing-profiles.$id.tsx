import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { editorMeta, listsHandle } from "~/models/processing/list-editors";
import { ListEditorView } from "~/components/processing/ListEditorView";
import { listEditorAction, listEditorLoader } from "~/http/processing/processing-page.server";

/* Edit an entry of processingProfiles (decision 040): the shared editor route of the processing lists. */

export const handle = listsHandle;

export const meta = editorMeta("processingProfiles", false);

export const loader = (args: LoaderFunctionArgs) => listEditorLoader(args, "processingProfiles");

export const action = (args: ActionFunctionArgs) => listEditorAction(args, "processingProfiles");

export default function View() {
  return <ListEditorView list="processingProfiles" adding={false} />;
}
