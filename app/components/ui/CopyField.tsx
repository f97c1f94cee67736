import { useId } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { showToast } from "~/components/ui/Toasts";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./controls.css";
import { useT } from "~/components/locale/locale-context";

/**
 * A link to copy (an invitation, a public album link): a read-only field to select and copy with
 * JavaScript or without, and with JavaScript a button that puts it on the clipboard.
 */
export function CopyField({
  value,
  fieldLabel,
  copyLabel,
  testId,
}: {
  value: string;
  /** The field's accessible name. */
  fieldLabel: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  testId?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const id = useId();
  return (
    <div className={css.copyField}>
      <label htmlFor={id} className={visuallyHidden}>
        {fieldLabel}
      </label>
      <input
        id={id}
        className={css.copyInput}
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={testId}
      />
      {hydrated ? (
        <Button
          variant="secondary"
          aria-label={copyLabel}
          onPress={() => {
            void navigator.clipboard
              .writeText(value)
              .then(() => showToast({ kind: "success", message: t("common.ui.copied") }))
              .catch(() =>
                showToast({
                  kind: "error",
                  message: t("common.ui.copyFailed"),
                }),
              );
          }}
        >
          {t("common.ui.copy")}
        </Button>
      ) : null}
    </div>
  );
}
