import { startTransition, useEffect, useState } from "react";

/*
 * Whether a tile has turned into its scripted form (react-aria's checkbox, the pin fetcher, the
 * blurred placeholder). All of them at once was one long task after hydration, with the style
 * recalculation of every tile after it (decision 031); one tile a frame, from the top, keeps every
 * task short. Each tile holds its own state, so a frame re-renders that tile alone, not the grid
 * and its 48 siblings (issue 31, TBT). Until its turn a tile works in its server form: the link,
 * the native checkbox (whose change the grid hears) and the pin form.
 */
const waiting: Array<() => void> = [];
let frame: number | null = null;

function nextFrame() {
  frame = null;
  const upgrade = waiting.shift();
  // A transition: the tile's render yields to input instead of blocking the frame.
  if (upgrade) startTransition(upgrade);
  if (waiting.length > 0) frame = requestAnimationFrame(nextFrame);
}

export function useUpgradedTile(ready: boolean): boolean {
  const [upgraded, setUpgraded] = useState(false);
  useEffect(() => {
    if (!ready || upgraded) return;
    const upgrade = () => setUpgraded(true);
    // Effects run in document order: the tiles at the top are first in the queue.
    waiting.push(upgrade);
    if (frame === null) frame = requestAnimationFrame(nextFrame);
    return () => {
      const at = waiting.indexOf(upgrade);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [ready, upgraded]);
  return upgraded;
}
