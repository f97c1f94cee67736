import { json } from "@remix-run/node";
import { hasCapability } from "~/models/access/access.server";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { archivePageData } from "~/models/collection/collection-page.server";
import { adminArchivePath } from "~/utils/links";
import { readableSearchError } from "../locale/locale.server";
import { requireViewer } from "../session.server";
import { collectionErrorResponse } from "./collection-api.server";

/*
 * An archive's grid page as the route's loader answers it: the page's data, the link to the
 * archive's dialog for its managers (decision 038), and a search refusal in the reader's words
 * with status 400.
 */
export async function archiveGridPage(request: Request, archiveSegment: string | undefined) {
  // Anonymous visitors browse as the guest; with guests off they are asked to log on.
  const viewer = await requireViewer(request, { browsing: true });
  try {
    const data = await archivePageData(
      viewer,
      archiveIdFromSegment(archiveSegment ?? ""),
      new URL(request.url),
    );
    const detailsHref = (await hasCapability(viewer, "manageArchives"))
      ? adminArchivePath(data.archive.id)
      : null;
    const status = data.searchError ? 400 : 200;
    const searchError = await readableSearchError(request, data.searchError);
    return json({ ...data, searchError, signedIn: !viewer.isGuest, detailsHref }, { status });
  } catch (error) {
    throw await collectionErrorResponse(request, error);
  }
}
