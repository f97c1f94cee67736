import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AlertDialog } from "~/components/ui/AlertDialog";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import * as dialogCss from "~/components/shell/error.css";

/**
 * Asks before something that cannot simply be undone (decision 043): an alert dialog holding the
 * same form the page shows without JavaScript, so both post exactly the same fields.
 */
export function ConfirmDialog({
  title,
  children,
  fields,
  confirmLabel,
  onClose,
}: {
  title: string;
  children: ReactNode;
  /** Hidden fields of the form (intent included). */
  fields: Record<string, string>;
  confirmLabel: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <AlertDialog title={title} onClose={onClose}>
      {children}
      {/* The navigation carries on after the dialog closes on submit. */}
      <Form method="post" onSubmit={onClose}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className={dialogCss.actions}>
          <Button variant="secondary" onPress={onClose}>
            {t("settings.cancel")}
          </Button>
          <Button type="submit" variant="danger" autoFocus>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </AlertDialog>
  );
}
