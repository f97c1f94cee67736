import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import type { ShellData } from "~/http/shell.server";
import * as css from "~/components/shell/layout.css";

export type ToastData = NonNullable<ShellData["toast"]>;

// The region and its queue load with the page's first toast, not before (decision 027).
const loadRegion = () => import("./ToastRegion");
const ToastRegion = lazy(loadRegion);
// Spec 001: notifications last 15 s (decision 081); the region pauses them while hovered or
// focused, so a person reading or reaching the close button keeps them.
const TIMEOUT = 15_000;

let raised = false;
const onRaise = new Set<() => void>();

/** A toast raised in the browser (a finished upload): the same queue as the flash toasts. */
export function showToast(toast: ToastData) {
  raised = true;
  for (const listener of onRaise) listener();
  void loadRegion().then(({ queue }) => queue.add(toast, { timeout: TIMEOUT }));
}

/**
 * Flash toasts after redirects. The server renders the message as a status line so it is seen
 * with JavaScript off; once hydrated, it moves into react-aria's toast region (the status line
 * stays until the region's code has loaded).
 */
export function Toasts({ toast }: { toast: ShellData["toast"] }) {
  const hydrated = useHydrated();
  const [used, setUsed] = useState(raised);
  useEffect(() => {
    const listener = () => setUsed(true);
    onRaise.add(listener);
    return () => void onRaise.delete(listener);
  }, []);
  useEffect(() => {
    if (hydrated && toast) showToast(toast);
  }, [hydrated, toast]);

  const flash = toast ? (
    <div className={css.toastRegion}>
      <div role="status" className={css.toast} data-kind={toast.kind} data-testid="toast">
        {toast.message}
      </div>
    </div>
  ) : null;
  if (!hydrated || !(used || toast)) return flash;
  return (
    <Suspense fallback={flash}>
      <ToastRegion />
    </Suspense>
  );
}
