import "~/components/shell/shell-bundle";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import { DEFAULT_ERROR_MESSAGE, type ApiErrorBody } from "~/http/error";
import { Button } from "./Button";
import { ErrorContent } from "~/components/shell/ErrorContent";
import * as css from "~/components/shell/error.css";

export interface ErrorDialogProps {
  title?: string;
  message?: string;
  error?: Partial<ApiErrorBody>;
  onClose: () => void;
  /** An optional Save action (for example, saving the details for support). */
  onSave?: () => void;
}

/** The error dialog for errors met in the browser (a failed fetch); pages use ErrorPanel. */
export function ErrorDialog({
  title = "Error",
  message,
  error,
  onClose,
  onSave,
}: ErrorDialogProps) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className={css.overlay}
    >
      <Modal className={css.modal}>
        <Dialog role="alertdialog" className={css.dialog}>
          <Heading slot="title" className={css.title}>
            {title}
          </Heading>
          <ErrorContent message={message ?? error?.value ?? DEFAULT_ERROR_MESSAGE} error={error} />
          <div className={css.actions}>
            {onSave ? (
              <Button variant="secondary" onPress={onSave}>
                Save
              </Button>
            ) : null}
            <Button onPress={onClose} autoFocus>
              Close
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
