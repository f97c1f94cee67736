import { useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { showToast } from "~/components/ui/Toasts";
import type { FormReplyBody } from "~/http/error";
import type { LinkDownload } from "~/models/album/album.schema";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./ShareLink.css";

/** A link's full URL: selectable text with JavaScript off, and a copy button with it on. */
export function ShareLinkUrl({ url, label }: { url: string; label: string }) {
  const hydrated = useHydrated();
  const id = useId();
  return (
    <div className={css.linkField}>
      <label htmlFor={id} className={visuallyHidden}>
        {`Address of ${label}`}
      </label>
      <input
        id={id}
        className={css.linkInput}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="share-link-url"
      />
      {hydrated ? (
        <Button
          variant="secondary"
          aria-label={`Copy the address of ${label}`}
          onPress={() => {
            void navigator.clipboard
              .writeText(url)
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

export const DOWNLOAD_LABELS: Record<LinkDownload, string> = {
  none: "No downloads",
  previews: "Previews",
  originals: "Originals",
};

export function DownloadField({
  defaultValue,
  delegateDownloads,
  errors,
}: {
  defaultValue: string;
  delegateDownloads: boolean;
  errors?: string;
}) {
  const options = (["none", "previews", "originals"] as const)
    .filter((value) => value !== "originals" || delegateDownloads || defaultValue === "originals")
    .map((value) => ({ value, label: DOWNLOAD_LABELS[value] }));
  return (
    <RadioGroupField
      label="Visitors may download"
      name="download"
      options={options}
      defaultValue={defaultValue}
      errors={errors}
      orientation="horizontal"
    />
  );
}

export function linkStateLabel(state: "open" | "expired" | "revoked") {
  return state === "open" ? "Open" : state === "expired" ? "Expired" : "Revoked";
}

/** A UTC date and time, as the expiry field takes it back. */
export function formatWhen(iso: string | null, never = "Never") {
  if (!iso) return never;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The value of a datetime-local field for a stored expiry (UTC, as the server reads it). */
export const expiryFieldValue = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

export function repopulated(reply: FormReplyBody | undefined, name: string, fallback: string) {
  const value = (reply as { repopulateFields?: Record<string, unknown> } | undefined)
    ?.repopulateFields?.[name];
  return typeof value === "string" ? value : fallback;
}
