import { useEffect, useState } from "react";
import { Button, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { uploadSummary } from "~/models/upload/upload.schema";
import { LINKS } from "~/utils/links";
import { showToast } from "~/components/ui/Toasts";
import { useUploadQueue } from "./upload-queue";
import { UploadWidget, type UploadTarget } from "./UploadWidget";
import * as layout from "~/components/shell/layout.css";
import * as css from "./upload.css";
import { useHydrated } from "remix-utils/use-hydrated";

/** Spec 002: the popover closes this long after a batch that uploaded nothing. */
export const NOTHING_UPLOADED_CLOSE_MS = 2000;

/*
 * The header's Upload control. Without JavaScript it is a link to the upload view (a plain
 * multipart form); once hydrated it opens the popover, which cannot close while files travel.
 */
export function UploadPopover({
  targets,
  maxBytes,
}: {
  targets: UploadTarget[];
  maxBytes: number;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [targetId, setTargetId] = useState(targets[0]!.id);
  const target = targets.find((t) => t.id === targetId) ?? targets[0]!;
  const queue = useUploadQueue(target.href, maxBytes);
  const { outcome, reset } = queue;
  const running = queue.state.running;
  // What the popover says of the last batch follows from its outcome alone.
  const failureSummary =
    outcome && outcome.failed > 0
      ? { succeeded: outcome.succeeded, total: outcome.succeeded + outcome.failed }
      : null;
  const nothingUploaded = outcome !== null && outcome.succeeded + outcome.failed === 0;

  // A batch has ended: close on full success, stay with failures, close soon when nothing went.
  useEffect(() => {
    if (!outcome || outcome.failed > 0) return;
    if (outcome.succeeded > 0) {
      reset();
      showToast({
        kind: "success",
        message: `${uploadSummary(outcome.succeeded, outcome.succeeded, target.name)} They appear there once processed.`,
      });
      setOpen(false);
      return;
    }
    // Choosing new files within the 2 s keeps the popover open (the outcome is gone then).
    const timer = setTimeout(() => {
      reset();
      setOpen(false);
    }, NOTHING_UPLOADED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome, reset, target.name]);

  if (!hydrated) {
    return (
      <a className={layout.headerButton} href={LINKS.upload}>
        Upload
      </a>
    );
  }
  const changeOpen = (next: boolean) => {
    // The popover stays open while files travel (spec 002: uploadStart and uploadEnd).
    if (!next && running) return;
    setOpen(next);
  };
  return (
    <DialogTrigger isOpen={open} onOpenChange={changeOpen}>
      <Button className={layout.headerButton}>Upload</Button>
      <Popover className={css.popover} placement="bottom end" isKeyboardDismissDisabled={running}>
        <Dialog className={css.dialog} aria-label="Upload">
          <UploadWidget
            targets={targets}
            targetId={target.id}
            onTargetChange={setTargetId}
            maxBytes={maxBytes}
            queue={queue}
            failureSummary={failureSummary}
            nothingUploaded={nothingUploaded}
            onClose={() => changeOpen(false)}
          />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
