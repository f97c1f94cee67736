import type { ReactNode } from "react";
import { ModalDialog } from "./ModalDialog";

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
    <ModalDialog isOpen role="alertdialog" title={title} onClose={onClose}>
      {children}
    </ModalDialog>
  );
}
