import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { editorMeta, listsHandle } from "~/models/processing/list-editors";
import { ListEditorView } from "~/components/processing/ListEditorView";
import { listEditorAction, listEditorLoader } from "~/http/processing/processing-page.server";

/* Edit an entry of processingProfileSets (decision 040): the shared editor route of the processing lists. */

export const handle = listsHandle;

export const meta = editorMeta("processingProfileSets", false);

export const loader = (args: LoaderFunctionArgs) => listEditorLoader(args, "processingProfileSets");

export const action = (args: ActionFunctionArgs) => listEditorAction(args, "processingProfileSets");

export default function View() {
  return <ListEditorView list="processingProfileSets" adding={false} />;
}
