import "~/components/shell/shell-bundle";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listsHandle, listsMeta } from "~/models/processing/list-editors";
import { ListsPageView } from "~/components/processing/ListsPageView";
import { listsPageLoader, listsPageRouteAction } from "~/http/processing/processing-page.server";

/* Processing profiles and profile sets (spec 001 section 7, decision 040): manageArchives only. */

export const handle = listsHandle;

export const meta = listsMeta("processingProfiles");

export const loader = (args: LoaderFunctionArgs) => listsPageLoader(args, "processingProfiles");

export const action = (args: ActionFunctionArgs) =>
  listsPageRouteAction(args, "processingProfiles");

export default function View() {
  return <ListsPageView page="processingProfiles" />;
}
