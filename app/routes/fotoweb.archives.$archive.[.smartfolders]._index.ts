import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/http/session.server";
import { errorResponse } from "~/http/http.server";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { listSmartFolders } from "~/models/smart-folder/smart-folder.server";

/*
 * An archive's smart folder list in a browser: the smart folders live in the archive page's
 * navigation pane, so the list's address leads there (decision 061). The API answers JSON here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { browsing: true });
  try {
    const { archive } = await listSmartFolders(
      viewer,
      archiveIdFromSegment(params.archive ?? "") ?? -1,
    );
    return redirect(archive.href);
  } catch (error) {
    throw errorResponse(request, error);
  }
}
