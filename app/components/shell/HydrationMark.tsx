import { useEffect } from "react";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Marks <html data-hydrated> once the render after hydration has committed: the components that
 * swap their server form for their scripted one (useHydrated) do so in that same transition, so
 * from then on the page is the scripted one (the e2e suite waits for it).
 */
export function HydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return null;
}
