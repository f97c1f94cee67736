/** Answers true for a history entry it has shown itself, which the router must not show. */
type Guard = (event: PopStateEvent) => boolean;

const guards = new Set<Guard>();

/*
 * Entries a page pushed on its own (the viewer over the grid, decision 093) must reach it
 * before they reach Remix's router, or the router navigates to them. Listeners on window run in
 * the order they were added, capturing or not, so this one is added by the client entry before
 * the router exists; a guard that claims the entry stops the router's listener.
 */
export function listenBeforeTheRouter() {
  window.addEventListener("popstate", (event) => {
    for (const guard of guards)
      if (guard(event)) {
        event.stopImmediatePropagation();
        return;
      }
  });
}

/** Adds a guard until the function returned is called. */
export function guardPopState(guard: Guard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}
