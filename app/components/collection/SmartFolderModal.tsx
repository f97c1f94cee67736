import "~/components/shell/shell-bundle";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { useT } from "~/components/locale/locale-context";

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
  const t = useT();
  return (
    <ModalDialog
      isOpen
      size="medium"
      title={title}
      onClose={onClose}
      footer={
        <Button variant="secondary" onPress={onClose}>
          {t("grid.nav.smartFolder.cancel")}
        </Button>
      }
    >
      {children}
    </ModalDialog>
  );
}
