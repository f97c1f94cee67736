import { useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { showToast } from "~/components/ui/Toasts";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./invitations.css";

/**
 * A sign-up link to copy: a read-only field (select it and copy, JavaScript or not) and, with
 * JavaScript, a button that puts it on the clipboard.
 */
export function CopyLink({ link, label }: { link: string; label: string }) {
  const hydrated = useHydrated();
  const id = useId();
  return (
    <div className={css.linkField}>
      <label htmlFor={id} className={visuallyHidden}>
        {label}
      </label>
      <input
        id={id}
        className={css.linkInput}
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="invitation-link"
      />
      {hydrated ? (
        <Button
          variant="secondary"
          aria-label={`Copy: ${label}`}
          onPress={() => {
            void navigator.clipboard
              .writeText(link)
              .then(() => showToast({ kind: "success", message: "The link is copied." }))
              .catch(() =>
                showToast({
                  kind: "error",
                  message: "Copying failed: select the link and copy it.",
                }),
              );
          }}
        >
          Copy
        </Button>
      ) : null}
    </div>
  );
}
