import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/http/session.server";
import { errorResponse } from "~/http/http.server";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { findSmartFolder, smartFolderIdOf } from "~/models/smart-folder/smart-folder.server";

/*
 * A smart folder's address in a browser leads to the archive's grid narrowed by it
 * (decision 061); the API answers JSON here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { browsing: true });
  try {
    const { folder } = await findSmartFolder(
      viewer,
      archiveIdFromSegment(params.archive ?? "") ?? -1,
      smartFolderIdOf(params.smartFolder),
    );
    return redirect(folder.gridHref);
  } catch (error) {
    throw errorResponse(request, error);
  }
}
