import type { ReactNode } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import * as dialogCss from "~/components/shell/error.css";

/**
 * The frame of every question asked before something that cannot simply be undone: a modal
 * alert dialog with its title, closed by Escape or a click outside. Its buttons are the caller's.
 */
export function AlertDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className={dialogCss.overlay}
    >
      <Modal className={dialogCss.modal}>
        <Dialog role="alertdialog" className={dialogCss.dialog}>
          <Heading slot="title" className={dialogCss.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
