import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { CopyField } from "~/components/ui/CopyField";
import { TextField } from "~/components/ui/TextField";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { useLocale, useT } from "~/components/locale/locale-context";
import { useFormat } from "~/components/locale/format";
import type { MessageId } from "~/models/locale/message-id";
import { wallTime } from "~/models/locale/zone-clock";
import type { FormReplyBody } from "~/http/error";
import { MAX_LINK_LABEL, type LinkDownload } from "~/models/album/album.schema";
import * as css from "./ShareLink.css";

/** A link's full URL to copy (the shared copy field). */
export function ShareLinkUrl({ url, label }: { url: string; label: string }) {
  const t = useT();
  return (
    <CopyField
      value={url}
      fieldLabel={t("album.links.urlField", { label })}
      copyLabel={t("album.links.urlCopy", { label })}
      testId="share-link-url"
    />
  );
}

export const DOWNLOAD_LABELS = {
  none: "album.links.download.none",
  previews: "album.links.download.previews",
  originals: "album.links.download.originals",
} as const satisfies Record<LinkDownload, MessageId>;

export function DownloadField({
  defaultValue,
  delegateDownloads,
  errors,
}: {
  defaultValue: string;
  delegateDownloads: boolean;
  errors?: string;
}) {
  const t = useT();
  const options = (["none", "previews", "originals"] as const)
    .filter((value) => value !== "originals" || delegateDownloads || defaultValue === "originals")
    .map((value) => ({ value, label: t(DOWNLOAD_LABELS[value]) }));
  return (
    <RadioGroupField
      label={t("album.links.downloadLabel")}
      name="download"
      options={options}
      defaultValue={defaultValue}
      errors={errors}
      orientation="horizontal"
    />
  );
}

export const LINK_STATES = {
  open: "album.links.state.open",
  expired: "album.links.state.expired",
  revoked: "album.links.state.revoked",
} as const satisfies Record<"open" | "expired" | "revoked", MessageId>;

/** A moment in the reader's language and time zone, which it names; "Never" for none. */
export function useWhen() {
  const t = useT();
  const format = useFormat();
  return (iso: string | null) => (iso ? format.dateTime(iso) : t("album.links.never"));
}

/** The value of a datetime-local field for a stored expiry (UTC, as the server reads it). */
/** A link's expiry as its field shows it: on the reader's clock, which the label names. */
export const expiryFieldValue = (iso: string | null, timeZone: string) =>
  iso ? wallTime(timeZone, iso) : "";

export function repopulated(reply: FormReplyBody | undefined, name: string, fallback: string) {
  const value = (reply as { repopulateFields?: Record<string, unknown> } | undefined)
    ?.repopulateFields?.[name];
  return typeof value === "string" ? value : fallback;
}

/**
 * A link's settings form, for a new link and for one that exists: label, expiry, the password
 * part the caller gives (one field, or keep/set/remove), and the download right.
 */
export function ShareLinkForm({
  id,
  title,
  intent,
  submitLabel,
  reply,
  defaults,
  labelDescription,
  delegateDownloads,
  children,
}: {
  id: string;
  title: string;
  intent: string;
  submitLabel: string;
  reply?: FormReplyBody;
  defaults: { label: string; expires: string; download: string };
  labelDescription?: string;
  delegateDownloads: boolean;
  /** The password fields. */
  children: ReactNode;
}) {
  const t = useT();
  const { timeZone } = useLocale();
  const errors = reply?.fieldErrors ?? {};
  return (
    <Form
      method="post"
      className={css.form}
      noValidate
      aria-labelledby={id}
      key={reply?.requestId ?? intent}
    >
      <h2 id={id}>{title}</h2>
      {reply?.formError ? (
        <p className={css.formError} role="alert">
          {reply.formError}
        </p>
      ) : null}
      <TextField
        label={t("album.links.label")}
        name="label"
        maxLength={MAX_LINK_LABEL + 50}
        defaultValue={repopulated(reply, "label", defaults.label)}
        errors={errors.label}
        description={labelDescription}
      />
      <TextField
        label={t("album.links.expires", { zone: timeZone })}
        name="expires"
        type="datetime-local"
        defaultValue={repopulated(reply, "expires", defaults.expires)}
        errors={errors.expires}
        description={t("album.links.expiresHint")}
      />
      {children}
      <DownloadField
        defaultValue={repopulated(reply, "download", defaults.download)}
        delegateDownloads={delegateDownloads}
        errors={errors.download}
      />
      <div className={css.actions}>
        <Button type="submit" name="intent" value={intent}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
