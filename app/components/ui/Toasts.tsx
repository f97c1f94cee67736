import { lazy, Suspense, useEffect, useState } from "react";
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components/Toast";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ShellData } from "~/http/shell.server";
import * as css from "~/components/shell/layout.css";

export type ToastData = NonNullable<ShellData["toast"]>;

const ToastRegion = lazy(() => import("./ToastRegion"));

// One queue for the page; toasts close after 3 s, newest on top, and pause while hovered.
const queue = new ToastQueue<ToastData>({ maxVisibleToasts: 5 });
const TIMEOUT = 3000;

/** A toast raised in the browser (a finished upload): the same queue as the flash toasts. */
export function showToast(toast: ToastData) {
  queue.add(toast, { timeout: TIMEOUT });
}

/**
 * Flash toasts after redirects. The server renders the message as a status line so it is seen
 * with JavaScript off; once hydrated, it moves into react-aria's toast region, whose code loads
 * with the page's first toast (the status line stays until it has).
 */
export function Toasts({ toast }: { toast: ShellData["toast"] }) {
  const hydrated = useHydrated();
  const [used, setUsed] = useState(false);
  useEffect(
    () =>
      queue.subscribe(() => {
        if (queue.visibleToasts.length > 0) setUsed(true);
      }),
    [],
  );
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
      <ToastRegion queue={queue} />
    </Suspense>
  );
}
