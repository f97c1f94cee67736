import "~/components/shell/shell-bundle";
import { Button } from "react-aria-components/Button";
import { Text } from "react-aria-components/Text";
import {
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegionBase,
} from "react-aria-components/Toast";
import type { ToastData } from "./Toasts";
import * as css from "~/components/shell/layout.css";
import { useT } from "~/components/locale/locale-context";

// One queue for the page; toasts close after 15 s (Toasts.tsx), newest on top, and pause while
// hovered or focused.
export const queue = new ToastQueue<ToastData>({ maxVisibleToasts: 5 });

/*
 * react-aria's toast region and its queue, in a chunk of its own: a page loads it when its first
 * toast is shown, not before (decision 027).
 */
export default function ToastRegion() {
  const t = useT();
  return (
    <ToastRegionBase queue={queue} className={css.toastRegion}>
      {({ toast: item }) => (
        <Toast toast={item} className={css.toast} data-kind={item.content.kind} data-testid="toast">
          <ToastContent>
            <Text slot="title">{item.content.message}</Text>
          </ToastContent>
          <Button
            slot="close"
            aria-label={t("common.ui.close")}
            className={css.headerButton}
            style={{ color: "inherit", borderColor: "currentColor" }}
          >
            ×
          </Button>
        </Toast>
      )}
    </ToastRegionBase>
  );
}
