import { useEffect, useState } from "react";
import { Button, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { uploadSummary } from "~/models/upload.schema";
import { LINKS } from "~/utils/links";
import { showToast } from "./Toasts";
import { useUploadQueue } from "./upload-queue";
import { UploadWidget, type UploadTarget } from "./UploadWidget";
import * as layout from "./layout.css";
import * as css from "./upload.css";

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
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [targetId, setTargetId] = useState(targets[0]!.id);
  const [failureSummary, setFailureSummary] = useState<{ succeeded: number; total: number } | null>(
    null,
  );
  const [nothingUploaded, setNothingUploaded] = useState(false);
  const target = targets.find((t) => t.id === targetId) ?? targets[0]!;
  const queue = useUploadQueue(target.href, maxBytes);
  const { outcome, reset } = queue;
  const running = queue.state.running;

  useEffect(() => setHydrated(true), []);

  // A batch has ended: close on full success, report failures, close soon when nothing went.
  useEffect(() => {
    if (!outcome) return;
    const total = outcome.succeeded + outcome.failed;
    if (outcome.failed > 0) {
      setFailureSummary({ succeeded: outcome.succeeded, total });
      return;
    }
    if (outcome.succeeded > 0) {
      reset();
      showToast({
        kind: "success",
        message: `${uploadSummary(outcome.succeeded, total, target.name)} They appear there once processed.`,
      });
      setOpen(false);
      return;
    }
    // Choosing new files within the 2 s keeps the popover open (the outcome is gone then).
    setNothingUploaded(true);
    const timer = setTimeout(() => {
      reset();
      setOpen(false);
    }, NOTHING_UPLOADED_CLOSE_MS);
    return () => {
      clearTimeout(timer);
      setNothingUploaded(false);
    };
  }, [outcome, reset, target.name]);

  useEffect(() => {
    if (running) setFailureSummary(null);
  }, [running]);

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
