import { startTransition, useEffect, useState } from "react";

let hydratedOnce = false;

/**
 * False on the server and in the render that hydrates the page, true after it; a component
 * mounted later starts at true. The switch is a transition: remix-utils' hook (a
 * useSyncExternalStore whose server snapshot differs) forced a synchronous re-render of every
 * component that asked, one long task after hydration; a transition renders in slices the browser
 * can interrupt (issue 31, TBT).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    if (hydrated) return;
    hydratedOnce = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
