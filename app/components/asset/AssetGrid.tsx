import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { lazy, Suspense } from "react";
import { AssetTile, type GridAsset } from "./AssetTile";
import { showToast } from "~/components/ui/Toasts";
import { useInfiniteAssets } from "./use-infinite-assets";
import { useBrowsePreferences } from "./browse-preferences";
import * as css from "./grid.css";
import { onGridKeyDown, RESULTS_ID } from "./grid-keys";
import { useViewerHistory } from "./viewer-history";
import { alertDanger } from "~/styles/global.css";
import { useHydrated } from "~/utils/use-hydrated";
import { NO_SELECTION_RIGHTS, type SelectionRights } from "~/models/background-task/selection-ops";
import { SelectionToolbar } from "./SelectionToolbar";
import { useT } from "~/components/locale/locale-context";

export interface GridPaging {
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}

export interface AssetGridProps {
  assets: GridAsset[];
  paging: GridPaging;
  context: string;
  pinned: number[];
  canPin: boolean;
  /** Offer retina thumbnails (the viewer's setting). */
  retina: boolean;
  /** Relocation buttons: only in manual order, for those who may reorder. */
  canReorder?: boolean;
  /** The pins view: unpinning removes the tile, the bar offers Unpin instead of Pin. */
  pinsView?: boolean;
  emptyText: string;
  /** What the selection toolbar may offer, by archive, as the server decided (decision 087). */
  selection?: SelectionRights;
  /** Where a tile opens instead of the asset's page (an album's sharees, decision 053). */
  tileHref?: (asset: GridAsset) => string | undefined;
  /** More for a tile's actions (an album's "Download original"). */
  tileExtra?: (asset: GridAsset) => ReactNode;
}

// The viewer over the grid comes in a chunk of its own, fetched as the pointer or focus reaches
// the grid (decision 091).
const loadViewer = () => import("./AssetViewer");
const AssetViewer = lazy(loadViewer);

const SELECTION_FORM = "selection";
const PIN_FORM = "pin-one";

/*
 * The grid with its selection form (spec 000 §4). Without JavaScript: checkboxes in one form, the
 * action buttons submit it, and Previous/Next links page. With it: click and shift-click select,
 * pages merge as the sentinel nears the viewport, and pins toggle in place.
 */
export function AssetGrid(props: AssetGridProps) {
  const t = useT();
  const { paging, context, canPin, retina, canReorder, pinsView, emptyText } = props;
  const location = useLocation();
  const { thumbnailSize } = useBrowsePreferences();
  const back = location.pathname + location.search;
  const hydrated = useHydrated();
  const list = useInfiniteAssets(props.assets, paging.next);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pinned, setPinned] = useState(() => new Set(props.pinned));
  const anchor = useRef<number | null>(null);
  const shift = useRef(false);
  const bulk = useFetcher<{ ok: boolean; message: string }>();
  const moved = useRef<Set<number> | null>(null);
  const viewerHref = useCallback(
    (asset: GridAsset) => (context ? `${asset.href}?${context}` : asset.href),
    [context],
  );

  useEffect(() => setPinned(new Set(props.pinned)), [props.pinned]);
  useEffect(() => {
    setSelected(new Set());
    anchor.current = null;
  }, [props.assets]);

  const items = list.items;
  const viewer = useViewerHistory(items, viewerHref);
  const onSelect = useCallback(
    (id: number, value: boolean) => {
      // Read the refs now: React may run the updater later, after the anchor has moved on.
      const from = anchor.current === null ? -1 : items.findIndex((a) => a.id === anchor.current);
      const to = items.findIndex((a) => a.id === id);
      // Shift-click: the range between the previously selected asset and this one.
      const range =
        shift.current && from >= 0 && to >= 0
          ? items.slice(Math.min(from, to), Math.max(from, to) + 1).map((a) => a.id)
          : null;
      setSelected((current) => {
        const next = new Set(current);
        if (range) for (const each of range) next.add(each);
        else if (value) next.add(id);
        else next.delete(id);
        return next;
      });
      anchor.current = id;
    },
    [items],
  );

  const { remove } = list;
  const onPinChange = useCallback(
    (id: number, isPinned: boolean) => {
      setPinned((current) => {
        const next = new Set(current);
        if (isPinned) next.add(id);
        else next.delete(id);
        return next;
      });
      if (pinsView && !isPinned) remove(new Set([id]));
    },
    [pinsView, remove],
  );

  // Moving to the bottom of a longer list: those assets leave the loaded pages (spec rule).
  useEffect(() => {
    if (bulk.state !== "idle" || !bulk.data || !moved.current) return;
    showToast({ kind: bulk.data.ok ? "success" : "error", message: bulk.data.message });
    if (bulk.data.ok) list.sendToBottom(moved.current);
    moved.current = null;
    setSelected(new Set());
  }, [bulk.state, bulk.data, list]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "relocate-bottom" || !list.next) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, submitter);
    data.set("_fetch", "1");
    moved.current = new Set(selected);
    bulk.submit(data, { method: "post" });
  };

  const clear = useCallback(() => {
    setSelected(new Set());
    anchor.current = null;
  }, []);
  return (
    <>
      <Form method="post" id={PIN_FORM} hidden>
        <input type="hidden" name="intent" value="pin" />
        <input type="hidden" name="back" value={back} />
      </Form>
      <Form
        method="post"
        id={SELECTION_FORM}
        onSubmit={onSubmit}
        aria-label={t("grid.grid.selectedAssets")}
      >
        <input type="hidden" name="back" value={back} />
        <SelectionToolbar
          items={items}
          selected={selected}
          hydrated={hydrated}
          rights={props.selection ?? NO_SELECTION_RIGHTS}
          canReorder={canReorder ?? false}
          pinsView={pinsView ?? false}
          onClear={clear}
        />
        <div id={RESULTS_ID} tabIndex={-1} className={css.results}>
          {list.error ? (
            <div role="alert" className={alertDanger}>
              <p>
                <strong>{list.error.heading}</strong> ({list.error.status})
              </p>
              {list.error.value ? <p>{list.error.value}</p> : null}
            </div>
          ) : items.length === 0 ? (
            <p className={css.status}>{emptyText}</p>
          ) : (
            <ul
              className={css.grid}
              data-size={thumbnailSize}
              aria-label={t("grid.grid.assets")}
              onPointerDownCapture={(e) => (shift.current = e.shiftKey)}
              onKeyDownCapture={(e) => (shift.current = e.shiftKey)}
              onKeyDown={(e) => onGridKeyDown(e, (id) => onSelect(id, !selected.has(id)))}
              onPointerEnter={() => void loadViewer()}
              onFocus={() => void loadViewer()}
            >
              {items.map((asset) => (
                <AssetTile
                  key={asset.id}
                  asset={asset}
                  context={context}
                  hydrated={hydrated}
                  selected={selected.has(asset.id)}
                  onSelect={onSelect}
                  canPin={canPin}
                  retina={retina}
                  pinned={pinned.has(asset.id)}
                  pinFormId={PIN_FORM}
                  onPinChange={onPinChange}
                  href={props.tileHref?.(asset)}
                  onOpen={props.tileHref?.(asset) ? undefined : viewer.onOpen}
                  extra={props.tileExtra?.(asset)}
                  tileSize={thumbnailSize}
                />
              ))}
            </ul>
          )}
        </div>
      </Form>
      {viewer.open ? (
        <Suspense fallback={null}>
          <AssetViewer
            key={viewer.open.n}
            assets={items}
            start={viewer.open.id}
            hrefOf={viewerHref}
            onStep={viewer.onStep}
            onClose={viewer.onClose}
          />
        </Suspense>
      ) : null}
      {hydrated ? (
        <>
          <div ref={list.sentinel} className={css.sentinel} />
          {list.loading ? <p className={css.status}>{t("grid.grid.loadingMore")}</p> : null}
        </>
      ) : null}
      {paging.prev || (!hydrated && paging.next) ? (
        <nav className={css.pager} aria-label={t("grid.grid.pages")}>
          {paging.prev ? <a href={paging.prev}>{t("grid.grid.previousPage")}</a> : null}
          {!hydrated && paging.next ? <a href={paging.next}>{t("grid.grid.nextPage")}</a> : null}
        </nav>
      ) : null}
    </>
  );
}
