import type { ReactNode, Ref } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import * as css from "./modal-dialog.css";

export interface ModalDialogProps {
  /** The dialog's heading, which names it; without one, name it by aria-label or -labelledby. */
  title?: ReactNode;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  /** small: a question or a short form; medium: a form (FORM_WIDTH); large: a grid to choose in. */
  size?: "small" | "medium" | "large";
  role?: "dialog" | "alertdialog";
  /** Left out inside a react-aria DialogTrigger, which then opens and closes it. */
  isOpen?: boolean;
  /** Called when Escape or a click outside closes it; left out inside a DialogTrigger. */
  onClose?: () => void;
  /** False where a half-made choice must not be lost by a stray click or key. */
  isDismissable?: boolean;
  /** Buttons that act on the dialog as a whole; a form in the body keeps its own. */
  footer?: ReactNode;
  "data-testid"?: string;
  dialogRef?: Ref<HTMLElement>;
  /** The body, or a function of react-aria's close for bodies that end the dialog themselves. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * The one frame of every dialog over the page (docs/design.md "Dialogs"): react-aria's modal
 * overlay, modal and dialog, with a heading, a body and a footer. Callers give the content and
 * the behaviour; the look is the same everywhere.
 */
export function ModalDialog({
  title,
  size = "small",
  role = "dialog",
  isOpen,
  onClose,
  isDismissable = true,
  footer,
  dialogRef,
  children,
  ...named
}: ModalDialogProps) {
  return (
    <ModalOverlay
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onClose ? { onOpenChange: (open: boolean) => open || onClose() } : {})}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={css.overlay}
    >
      <Modal className={css.modal} data-size={size}>
        <Dialog ref={dialogRef} role={role} className={css.dialog} {...named}>
          {({ close }) => (
            <>
              {title === undefined ? null : (
                <Heading slot="title" className={css.heading}>
                  {title}
                </Heading>
              )}
              <div className={css.body}>
                {typeof children === "function" ? children(close) : children}
              </div>
              {footer ? <div className={css.footer}>{footer}</div> : null}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
