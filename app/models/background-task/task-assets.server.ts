import { assetsDecision } from "~/models/access/access.server";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { assetIdFromSegment } from "~/models/asset/asset.server";
import { assetViews } from "~/models/asset/asset-view.server";
import { pickPreview, THUMBNAIL_SIZE } from "~/models/asset/asset.view";
import type { Viewer } from "~/models/user/user.schema";
import type { TaskAsset } from "./task.schema";

/*
 * What a task page shows of each asset in its results (issue 31, "Long work"): its title and
 * thumbnail, keyed by the href the task names it by. It shows only the assets the viewer may
 * see now, and only where the href names the asset's own archive (the file name part may be
 * spelled differently by a client). A result naming a missing address, or an asset moved out of
 * sight since, keeps its bare href, exactly as a missing one does.
 */
export async function taskResultAssets(
  viewer: Viewer,
  hrefs: readonly string[],
): Promise<Record<string, TaskAsset>> {
  const named = new Map<number, { href: string; archiveId: number | null }[]>();
  for (const href of new Set(hrefs)) {
    const match = /^\/fotoweb\/archives\/([^/]+)\/([^/]+)$/.exec(href);
    const id = match ? assetIdFromSegment(decodeSegment(match[2]!)) : null;
    if (id === null) continue;
    named.set(id, [
      ...(named.get(id) ?? []),
      { href, archiveId: archiveIdFromSegment(match![1]!) },
    ]);
  }
  if (named.size === 0) return {};
  const decisions = await assetsDecision(viewer, [...named.keys()], "View");
  const rows = [...decisions.values()].flatMap((d) => (d.allowed ? [d.value.asset] : []));
  const shown: Record<string, TaskAsset> = {};
  for (const view of await assetViews(viewer, rows)) {
    const preview = pickPreview(view.previews, THUMBNAIL_SIZE);
    for (const { href, archiveId } of named.get(view.id) ?? []) {
      if (archiveId !== view.archiveId) continue;
      shown[href] = {
        href: view.href,
        title: view.thumbnailFields.label.value || view.filename,
        thumbnail: preview
          ? { src: preview.href, width: preview.width, height: preview.height }
          : null,
        archive: { name: view.archiveName, href: view.archiveHREF },
      };
    }
  }
  return shown;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
