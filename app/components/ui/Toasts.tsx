import { useEffect } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import type { ShellData } from "~/http/shell.server";
import * as css from "~/components/shell/layout.css";
import { useHydrated } from "remix-utils/use-hydrated";

type ToastData = NonNullable<ShellData["toast"]>;

// One queue for the page; toasts close after 3 s, newest on top, and pause while hovered.
const queue = new ToastQueue<ToastData>({ maxVisibleToasts: 5 });
const TIMEOUT = 3000;

/** A toast raised in the browser (a finished upload): the same queue as the flash toasts. */
export function showToast(toast: ToastData) {
  queue.add(toast, { timeout: TIMEOUT });
}

/**
 * Flash toasts after redirects. The server renders the message as a status line so it is seen
 * with JavaScript off; once hydrated, it moves into react-aria's toast region.
 */
export function Toasts({ toast }: { toast: ShellData["toast"] }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && toast) showToast(toast);
  }, [hydrated, toast]);

  if (!hydrated) {
    return toast ? (
      <div className={css.toastRegion}>
        <div role="status" className={css.toast} data-kind={toast.kind} data-testid="toast">
          {toast.message}
        </div>
      </div>
    ) : null;
  }
  return (
    <ToastRegion queue={queue} className={css.toastRegion}>
      {({ toast: item }) => (
        <Toast toast={item} className={css.toast} data-kind={item.content.kind} data-testid="toast">
          <ToastContent>
            <Text slot="title">{item.content.message}</Text>
          </ToastContent>
          <Button
            slot="close"
            aria-label="Close"
            className={css.headerButton}
            style={{ color: "inherit", borderColor: "currentColor" }}
          >
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
