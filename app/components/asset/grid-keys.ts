import type { KeyboardEvent } from "react";

/** The grid's results, the target of the "Skip to results" link grid pages start with. */
export const RESULTS_ID = "results";

/** Marks a tile's thumbnail link, which the arrow keys move between. */
export const TILE_LINK = "data-tile-link";

/*
 * The keyboard on the grid (with JavaScript): left and right move to the previous and next
 * tile, up and down by a row (the row's length read from the layout, which changes with the
 * window), and Space toggles the focused tile's selection as a click does. The tiles stay
 * ordinary links, each in the Tab order.
 */
export function onGridKeyDown(
  event: KeyboardEvent<HTMLElement>,
  toggle: (assetId: number) => void,
) {
  const target = event.target as HTMLElement;
  if (!target.hasAttribute(TILE_LINK) || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === " ") {
    event.preventDefault();
    const id = Number(target.getAttribute(TILE_LINK));
    if (Number.isSafeInteger(id)) toggle(id);
    return;
  }
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: 0, ArrowDown: 0 }[event.key];
  if (step === undefined) return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(`[${TILE_LINK}]`));
  const index = links.indexOf(target);
  if (index < 0) return;
  let next = index + step;
  if (step === 0) {
    const top = (link: HTMLElement) => link.closest("li")?.offsetTop ?? 0;
    const first = top(links[0]!);
    const columns = Math.max(1, links.filter((l) => top(l) === first).length);
    next = index + (event.key === "ArrowUp" ? -columns : columns);
  }
  const to = links[next];
  if (!to) return;
  event.preventDefault();
  to.focus();
}
