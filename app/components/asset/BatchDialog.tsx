import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import type { FormReplyBody } from "~/http/error";
import type { BatchPage } from "~/http/asset/batch-page.server";
import * as css from "~/components/metadata/editors/editors.css";
import { BatchPanel } from "./BatchPanel";

/**
 * The batch panel over the grid (JavaScript only): the batch page's data loaded by a fetcher
 * from the same URL the plain GET opens, shown in a react-aria dialog. Its form posts to the
 * page's action through a second fetcher: a refusal (4xx) comes back here, so the dialog stays
 * open with what was typed and each error by its field; a started task redirects as the page does.
 */
export function BatchDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const fetcher = useFetcher<BatchPage>();
  const submit = useFetcher<FormReplyBody>();
  const { load } = fetcher;
  useEffect(() => load(url), [load, url]);
  const page = fetcher.data;
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className={css.overlay}
    >
      <Modal className={css.modal}>
        <Dialog className={css.dialog} aria-label={page ? page.opLabel : "Selected assets"}>
          {page ? (
            <BatchPanel page={page} onCancel={onClose} submit={submit} />
          ) : (
            <p role="status">Loading the selection…</p>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
