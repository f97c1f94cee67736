import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Button } from "react-aria-components/Button";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { LINKS } from "~/utils/links";
import type { UploadTarget } from "./UploadWidget";
import * as layout from "~/components/shell/layout.css";

const loadPanel = () => import("./UploadPanel");
const UploadPanel = lazy(loadPanel);

/*
 * The header's Upload control. Without JavaScript it is a link to the upload view (a plain
 * multipart form); once hydrated it opens the popover, which cannot close while files travel.
 * The popover's code (the widget and the upload queue) is fetched when the pointer or focus
 * reaches the button, or at the latest on the first press. The button is a plain one, not a
 * DialogTrigger, for the reason given in AdvancedSearch.
 */
export function UploadPopover({
  targets,
  maxBytes,
}: {
  targets: UploadTarget[];
  maxBytes: number;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [running, setRunning] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const triggerRef = useRef<HTMLButtonElement>(null);

  if (!hydrated) {
    return (
      <a className={layout.headerButton} href={LINKS.upload}>
        {t("common.header.upload")}
      </a>
    );
  }
  const changeOpen = (next: boolean) => {
    if (!next && running) return;
    if (next) setWanted(true);
    setOpen(next);
  };
  const prefetch = () => void loadPanel();
  return (
    <>
      <Button
        ref={triggerRef}
        className={layout.headerButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        onHoverStart={prefetch}
        onFocus={prefetch}
        onPress={() => changeOpen(true)}
      >
        {t("common.header.upload")}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <UploadPanel
            triggerRef={triggerRef}
            isOpen={open}
            onOpenChange={changeOpen}
            targets={targets}
            maxBytes={maxBytes}
            onRunningChange={setRunning}
            onFinished={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
