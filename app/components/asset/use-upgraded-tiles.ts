import { startTransition, useEffect, useState } from "react";

/** Tiles that turn into their scripted form in one frame. */
const TILES_A_FRAME = 1;

/*
 * How many of the grid's first tiles have turned into their scripted form (react-aria's checkbox,
 * the pin fetcher, the blurred placeholder). All of them at once was one long task after
 * hydration, with the style recalculation of every tile after it (decision 031); a few a frame,
 * from the top, keeps every task short. Until its turn a tile works in its server form: the link,
 * the native checkbox (whose change the grid hears) and the pin form.
 */
export function useUpgradedTiles(total: number, hydrated: boolean): number {
  const [upgraded, setUpgraded] = useState(0);
  useEffect(() => {
    if (!hydrated || upgraded >= total) return;
    // A transition: the grid's render for it yields to input instead of blocking the frame.
    const frame = requestAnimationFrame(() =>
      startTransition(() => setUpgraded((n) => Math.min(total, n + TILES_A_FRAME))),
    );
    return () => cancelAnimationFrame(frame);
  }, [hydrated, upgraded, total]);
  return upgraded;
}
