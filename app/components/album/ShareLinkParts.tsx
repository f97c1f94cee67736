import { CopyField } from "~/components/ui/CopyField";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import type { FormReplyBody } from "~/http/error";
import type { LinkDownload } from "~/models/album/album.schema";

/** A link's full URL to copy (the shared copy field). */
export function ShareLinkUrl({ url, label }: { url: string; label: string }) {
  return (
    <CopyField
      value={url}
      fieldLabel={`Address of ${label}`}
      copyLabel={`Copy the address of ${label}`}
      testId="share-link-url"
    />
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
