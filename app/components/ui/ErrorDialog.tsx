import "~/components/shell/shell-bundle";
import { DEFAULT_ERROR_MESSAGE, type ApiErrorBody } from "~/http/error";
import { Button } from "./Button";
import { ModalDialog } from "./ModalDialog";
import { ErrorContent } from "~/components/shell/ErrorContent";

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
    <ModalDialog
      isOpen
      role="alertdialog"
      title={title}
      onClose={onClose}
      footer={
        <>
          {onSave ? (
            <Button variant="secondary" onPress={onSave}>
              Save
            </Button>
          ) : null}
          <Button onPress={onClose} autoFocus>
            Close
          </Button>
        </>
      }
    >
      <ErrorContent message={message ?? error?.value ?? DEFAULT_ERROR_MESSAGE} error={error} />
    </ModalDialog>
  );
}
