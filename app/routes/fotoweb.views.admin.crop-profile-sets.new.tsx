import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { editorMeta, listsHandle } from "~/models/processing/list-editors";
import { ListEditorView } from "~/components/processing/ListEditorView";
import { listEditorAction, listEditorLoader } from "~/http/processing/processing-page.server";

/* Add an entry of cropProfileSets (decision 040): the shared editor route of the processing lists. */

export const handle = listsHandle;

export const meta = editorMeta("cropProfileSets", true);

export const loader = (args: LoaderFunctionArgs) => listEditorLoader(args, "cropProfileSets");

export const action = (args: ActionFunctionArgs) => listEditorAction(args, "cropProfileSets");

export default function View() {
  return <ListEditorView list="cropProfileSets" adding={true} />;
}
