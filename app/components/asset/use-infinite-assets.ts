import { readerHeaders } from "~/utils/reader-header";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiErrorBody } from "~/http/error";

/*
 * Infinite scroll (spec 000 §4 "Asset list"): merges the next page when a sentinel comes within
 * 400 px of the viewport, at most one load per 300 ms and one request in flight. An aborted
 * request is ignored; any other failure empties the grid and keeps the error (status, heading,
 * value) for the alert. The server's first page (loader data) starts it and resets it.
 */

export const ASSETLIST_TYPE = "application/vnd.fotoware.assetlist+json";
export const SCROLL_MARGIN_PX = 400;
export const LOAD_THROTTLE_MS = 300;

export interface ListError {
  status: number;
  heading: string;
  value: string;
}

export interface InfiniteList<T> {
  items: T[];
  next: string | null;
  loading: boolean;
  error: ListError | null;
  /** Attach to the element below the grid. */
  sentinel: (node: HTMLElement | null) => void;
  /** Drops items (unpinned in the pins view). */
  remove: (ids: Set<number>) => void;
  /**
   * Items moved to the bottom of the list: they leave the loaded pages while more pages remain
   * (the last page brings them back), and go to the end once every page is loaded.
   */
  sendToBottom: (ids: Set<number>) => void;
}

export function useInfiniteAssets<T extends { id: number }>(
  initial: T[],
  initialNext: string | null,
): InfiniteList<T> {
  const [items, setItems] = useState(initial);
  const [next, setNext] = useState(initialNext);
  // The updaters below need the latest next, not the one of the render that made them.
  const nextRef = useRef(next);
  nextRef.current = next;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ListError | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const lastLoad = useRef(0);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [visible, setVisible] = useState(false);
  // Bumped when a throttled load is due, so the effect below runs again.
  const [tick, setTick] = useState(0);

  // New server data (another page, a search, a revalidation) starts the list again.
  useEffect(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setItems(initial);
    setNext(initialNext);
    setError(null);
    setLoading(false);
  }, [initial, initialNext]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const load = useCallback(async () => {
    if (!next || inFlight.current || error) return;
    const wait = lastLoad.current + LOAD_THROTTLE_MS - Date.now();
    if (wait > 0) {
      setTimeout(() => setTick((t) => t + 1), wait);
      return;
    }
    lastLoad.current = Date.now();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const response = await fetch(next, {
        // A refusal is shown to the person: in their language (decision 107).
        headers: readerHeaders({ Accept: ASSETLIST_TYPE }),
        signal: controller.signal,
        credentials: "same-origin",
      });
      const body = (await response.json().catch(() => null)) as unknown;
      if (controller.signal.aborted) return;
      if (!response.ok) throw toListError(response.status, body);
      const page = body as { data: T[]; paging: { next: string | null } };
      setItems((current) => {
        const seen = new Set(current.map((i) => i.id));
        return [...current, ...page.data.filter((i) => !seen.has(i.id))];
      });
      setNext(page.paging.next);
    } catch (caught) {
      if (controller.signal.aborted || (caught as Error)?.name === "AbortError") return;
      setItems([]);
      setNext(null);
      setError(
        isListError(caught) ? caught : { status: -1, heading: "Error", value: String(caught) },
      );
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
      if (!controller.signal.aborted) setLoading(false);
    }
  }, [next, error]);

  useEffect(() => {
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => setVisible(entries.some((e) => e.isIntersecting)),
      { rootMargin: `${SCROLL_MARGIN_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);

  // While the sentinel stays near the viewport, each finished load may start the next one.
  useEffect(() => {
    if (visible && !loading) void load();
  }, [visible, loading, load, tick]);

  // A page asked for before the change may still hold the old order: ask again after it.
  const restartLoad = useCallback(() => {
    if (!inFlight.current) return;
    inFlight.current.abort();
    inFlight.current = null;
    setLoading(false);
  }, []);

  const remove = useCallback(
    (ids: Set<number>) => {
      restartLoad();
      setItems((current) => current.filter((i) => !ids.has(i.id)));
    },
    [restartLoad],
  );

  const sendToBottom = useCallback(
    (ids: Set<number>) => {
      restartLoad();
      setItems((current) => {
        const rest = current.filter((i) => !ids.has(i.id));
        return nextRef.current ? rest : [...rest, ...current.filter((i) => ids.has(i.id))];
      });
    },
    [restartLoad],
  );

  return { items, next, loading, error, sentinel: setNode, remove, sendToBottom };
}

function isListError(value: unknown): value is ListError {
  return typeof value === "object" && value !== null && "status" in value && "heading" in value;
}

function toListError(status: number, body: unknown): ListError {
  const b = (body ?? {}) as Partial<ApiErrorBody>;
  return {
    status,
    heading: typeof b.heading === "string" ? b.heading : String(status),
    value: typeof b.value === "string" ? b.value : "",
  };
}
