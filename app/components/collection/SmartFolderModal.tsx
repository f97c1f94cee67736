import "~/components/shell/shell-bundle";
import type { ReactNode } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import { Button } from "~/components/ui/Button";
import * as nav from "./navigation.css";
import * as dialogCss from "./collections.css";

/*
 * The smart folder form's modal, in its own module: react-aria's Dialog brings its overlay,
 * menu and collection code (about 33 KB gzipped), which the grid should not load before someone
 * opens a smart folder form (issue 31's script budget).
 */
export default function SmartFolderModal({
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
      onOpenChange={(open) => open || onClose()}
      className={dialogCss.overlay}
    >
      <Modal className={nav.modal}>
        <Dialog className={dialogCss.dialog}>
          <Heading slot="title">{title}</Heading>
          {children}
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
