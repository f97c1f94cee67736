import "~/components/shell/shell-bundle";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CreateAlert } from "~/components/alert/CreateAlert";
import { ArchiveNotes, ArchivePane, ArchiveSearch } from "~/components/collection/ArchiveNav";
import { NarrowedBy } from "~/components/collection/NavigationPane";
import { AssetGrid } from "~/components/asset/AssetGrid";
import { SortSelect } from "~/components/search/SortSelect";
import { BrowseLayout, PaneOpener, SizeControl } from "~/components/collection/BrowseLayout";
import * as browse from "~/components/collection/browse.css";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import { viewableArchive } from "~/models/collection/collection-page.server";
import { archiveGridPage } from "~/http/collection/archive-grid.server";
import { collectionErrorResponse } from "~/http/collection/collection-api.server";
import { gridAction } from "~/http/grid-action.server";
import { navigationAction, navigationForm } from "~/http/smart-folder/navigation-action.server";
import { SORT_OPTIONS } from "~/models/search/sort-options";
import { requireViewer } from "~/http/session.server";
import { archiveFolderHref } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import { translateNow } from "~/components/locale/active";

// "Skip to results" first (root.tsx); the grid's words (decision 101).
export const handle = { assetGrid: true, i18n: ["grid", "taxonomy"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data && "archive" in data ? data.archive.name : translateNow("grid.archive.pageTitle")} | Arkiv`,
  },
  ...(data && "robots" in data && data.robots ? [{ name: "robots", content: data.robots }] : []),
];

/*
 * An archive's grid (issue 4): its own search, sort, folders, the assets in pages, selection,
 * relocation in manual order and pins. The JSON twin answers the same URL for the API.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  archiveGridPage(request, params.archive);

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request);
  let archive;
  try {
    ({ archive } = await viewableArchive(viewer, archiveIdFromSegment(params.archive ?? "")));
  } catch (error) {
    throw await collectionErrorResponse(request, error);
  }
  // The navigation pane's forms (smart folders, pins) are the pane's; the rest the grid's.
  const pane = await navigationForm(request);
  if (pane) return navigationAction(request, viewer, pane, { archive, back: archive.href });
  return gridAction(request, viewer, { archive, back: archive.href });
}

// A fetcher's post updated the grid in place: reloading would drop the pages it merged.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("_fetch") === "1" ? false : defaultShouldRevalidate);

export default function ArchivePage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const { archive, folder, queries } = data;
  const linkTo = (path: string | null) => archiveFolderHref(archive.href, path, data.sort);
  const manual = data.sort === "manual";
  const pane = (
    <ArchivePane
      archiveHref={archive.href}
      folders={data.folders}
      linkTo={linkTo}
      folderPins={
        data.pane.canPin ? { pinned: data.pane.pinnedFolders, back: linkTo(data.folder) } : null
      }
      navigation={data.navigation}
      pane={data.pane}
    />
  );
  const bar = (
    <>
      <h1 className={browse.title}>{archive.name}</h1>
      <PaneOpener />
      <ArchiveSearch
        action={archive.href}
        query={queries[0] ?? ""}
        sort={data.sort === "-added" ? null : data.sort}
        error={data.searchError}
      />
      {data.canAlert && queries[0] && !data.searchError ? (
        <CreateAlert archiveHref={archive.href} searchString={queries[0]} />
      ) : null}
      <SortSelect
        options={SORT_OPTIONS}
        value={data.sort}
        save={data.signedIn}
        queries={queries}
        folder={folder}
      />
      <SizeControl />
    </>
  );
  return (
    <BrowseLayout pane={pane} bar={bar}>
      <ArchiveNotes
        archiveHref={archive.href}
        description={archive.description}
        detailsHref={data.detailsHref}
        offerManualOrder={data.canReorder && !manual}
        narrowedBy={<NarrowedBy smartFolder={data.smartFolder} taxonomyItem={data.taxonomyItem} />}
      />
      <AssetGrid
        assets={data.assets}
        paging={data.paging}
        context={data.context}
        pinned={data.pinned}
        canPin={data.canPin}
        retina={data.retina}
        canReorder={data.canReorder && manual}
        selection={data.selection}
        emptyText={
          data.searchError
            ? t("grid.archive.empty.searchError")
            : queries.length > 0
              ? t("grid.archive.empty.noMatch")
              : t("grid.archive.empty.none")
        }
      />
    </BrowseLayout>
  );
}
