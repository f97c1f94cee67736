import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { GridAsset } from "./AssetTile";
import { TILE_LINK } from "./grid-keys";
import { guardPopState } from "~/utils/pop-state-guard";

/** Marks a history entry the viewer made: the asset shown and the grid's address under it. */
const MARK = "arkivViewer";
interface Mark {
  id: number;
  grid: string;
}
type EntryState = { idx?: number; [MARK]?: Mark } | null;

const here = () => window.location.pathname + window.location.search;
const entryState = () => window.history.state as EntryState;

/*
 * Which asset the viewer over the grid shows, and the address bar with it (decision 093).
 * Opening pushes the asset page's address as an entry of its own, a step replaces it, and
 * closing goes back to the grid's entry. Remix's router never hears of these entries: a guard
 * on popstate that runs before the router's listener (~/utils/pop-state-guard) stops it when
 * the entry reached is the viewer's or the grid's under it. So Back closes the viewer and
 * Forward reopens it without a navigation: the grid's loader does not run again, and its loaded
 * pages, scroll and selection stay. Any other entry is the router's to show.
 */
export function useViewerHistory(items: GridAsset[], hrefOf: (asset: GridAsset) => string) {
  const location = useLocation();
  // Keyed by a count of openings, so an entry reached by Forward starts a fresh viewer.
  const [open, setOpen] = useState<{ id: number; n: number } | null>(null);
  const shown = useRef<number | null>(null);
  const onEntry = useRef(false);
  const grid = useRef("");
  const latest = useRef({ items, hrefOf });
  latest.current = { items, hrefOf };

  // The grid's own address, read once the router has put it in the address bar.
  useEffect(() => {
    if (!onEntry.current) grid.current = here();
  }, [location]);

  const show = useCallback((id: number) => {
    shown.current = id;
    setOpen((was) => ({ id, n: (was?.n ?? 0) + 1 }));
  }, []);
  // Focus goes back to the tile of the asset shown last, which may not be the one opened.
  const hide = useCallback(() => {
    const id = shown.current;
    if (id === null) return;
    shown.current = null;
    setOpen(null);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[${TILE_LINK}="${id}"]`)?.focus(),
    );
  }, []);

  const enter = useCallback((asset: GridAsset, replace: boolean) => {
    const idx = (entryState()?.idx ?? 0) + (replace ? 0 : 1);
    // The router's own fields, so an entry it does come to show (another grid's) reads as its.
    const state = {
      usr: null,
      key: Math.random().toString(36).slice(2, 10),
      idx,
      [MARK]: { id: asset.id, grid: grid.current },
    };
    const url = latest.current.hrefOf(asset);
    if (replace) window.history.replaceState(state, "", url);
    else window.history.pushState(state, "", url);
    onEntry.current = true;
  }, []);

  useEffect(
    () =>
      guardPopState((event) => {
        const mark = (event.state as EntryState)?.[MARK];
        const asset = mark && latest.current.items.find((a) => a.id === mark.id);
        if (mark?.grid === grid.current && asset) {
          onEntry.current = true;
          show(asset.id);
          return true;
        }
        if (!onEntry.current) return false;
        onEntry.current = false;
        hide();
        return here() === grid.current;
      }),
    [show, hide],
  );

  return {
    open,
    onOpen: useCallback(
      (id: number) => {
        const asset = latest.current.items.find((a) => a.id === id);
        if (!asset) return;
        show(id);
        enter(asset, false);
      },
      [show, enter],
    ),
    onStep: useCallback(
      (asset: GridAsset) => {
        shown.current = asset.id;
        if (onEntry.current) enter(asset, true);
      },
      [enter],
    ),
    // Closed by the viewer: its entry goes, and the popstate that follows finds it closed.
    onClose: useCallback(() => {
      hide();
      if (onEntry.current && entryState()?.[MARK]) window.history.back();
    }, [hide]),
  };
}
