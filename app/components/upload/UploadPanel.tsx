import "~/components/shell/shell-bundle";
import { useEffect, useState, type RefObject } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Popover } from "react-aria-components/Popover";
import { useT } from "~/components/locale/locale-context";
import { showToast } from "~/components/ui/Toasts";
import { useUploadQueue } from "./upload-queue";
import { UploadWidget, type UploadTarget } from "./UploadWidget";
import * as css from "./upload.css";

/** Spec 002: the popover closes this long after a batch that uploaded nothing. */
export const NOTHING_UPLOADED_CLOSE_MS = 2000;

/*
 * The upload popover's content and its queue, in a chunk of its own that loads when the popover
 * is first wanted (decision 027). It stays mounted from then on, so files keep travelling while
 * the popover is closed; UploadPopover's button opens it.
 */
export default function UploadPanel({
  triggerRef,
  isOpen,
  onOpenChange,
  targets,
  maxBytes,
  onRunningChange,
  onFinished,
}: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  /** Refuses to close while files travel. */
  onOpenChange: (open: boolean) => void;
  targets: UploadTarget[];
  maxBytes: number;
  /** The popover may not close while files travel (spec 002: uploadStart and uploadEnd). */
  onRunningChange: (running: boolean) => void;
  onFinished: () => void;
}) {
  const t = useT();
  const [targetId, setTargetId] = useState(targets[0]!.id);
  const target = targets.find((t) => t.id === targetId) ?? targets[0]!;
  const queue = useUploadQueue(target.href, maxBytes, target.limits);
  const { outcome, reset } = queue;
  const running = queue.state.running;
  // What the popover says of the last batch follows from its outcome alone.
  const failureSummary =
    outcome && outcome.failed > 0
      ? { succeeded: outcome.succeeded, total: outcome.succeeded + outcome.failed }
      : null;
  const nothingUploaded = outcome !== null && outcome.succeeded + outcome.failed === 0;

  useEffect(() => onRunningChange(running), [running, onRunningChange]);

  // A batch has ended: close on full success, stay with failures, close soon when nothing went.
  useEffect(() => {
    if (!outcome || outcome.failed > 0) return;
    if (outcome.succeeded > 0) {
      reset();
      showToast({
        kind: "success",
        message: t("work.upload.done", {
          succeeded: outcome.succeeded,
          total: outcome.succeeded,
          archive: target.name,
        }),
      });
      onFinished();
      return;
    }
    // Choosing new files within the 2 s keeps the popover open (the outcome is gone then).
    const timer = setTimeout(() => {
      reset();
      onFinished();
    }, NOTHING_UPLOADED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome, reset, target.name, onFinished, t]);

  return (
    <Popover
      className={css.popover}
      placement="bottom end"
      isKeyboardDismissDisabled={running}
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <Dialog className={css.dialog} aria-label={t("work.upload.dialog")}>
        <UploadWidget
          targets={targets}
          targetId={target.id}
          onTargetChange={setTargetId}
          maxBytes={maxBytes}
          queue={queue}
          failureSummary={failureSummary}
          nothingUploaded={nothingUploaded}
          onClose={() => onOpenChange(false)}
        />
      </Dialog>
    </Popover>
  );
}
