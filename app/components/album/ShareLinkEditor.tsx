import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { useLocale, useT, type Translate } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { TextField } from "~/components/ui/TextField";
import type { ShareLinkRowView } from "~/http/album/share-link-admin.server";
import type { FormReplyBody } from "~/http/error";
import type { LinkLogPage } from "~/models/album/share-link.server";
import { MIN_LINK_PASSWORD } from "~/models/album/album.schema";
import { muted, panel } from "~/styles/global.css";
import {
  DOWNLOAD_LABELS,
  expiryFieldValue,
  LINK_STATES,
  repopulated,
  ShareLinkForm,
  ShareLinkUrl,
  useWhen,
} from "./ShareLinkParts";
import * as css from "./ShareLink.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { SEPARATOR } from "~/components/ui/separator";

/** Between the breadcrumb's links. */

type LogEntry = LinkLogPage["entries"][number];

const ACTION_LABELS = {
  open: "album.log.open",
  preview: "album.log.preview",
  download: "album.log.download",
  "password-failed": "album.log.passwordFailed",
  "password-ok": "album.log.passwordOk",
  refused: "album.log.refused",
} as const satisfies Record<LogEntry["action"], MessageId>;

/** A download or a refusal of a file, by whether it was the original. */
const FILE_ACTIONS = {
  download: { original: "album.log.downloadOriginal", preview: "album.log.downloadPreview" },
  refused: { original: "album.log.refusedOriginal", preview: "album.log.refusedPreview" },
} as const satisfies Record<string, Record<"original" | "preview", MessageId>>;

function whatOf(t: Translate, entry: LogEntry) {
  const what = t(ACTION_LABELS[entry.action]);
  if (!entry.fileName) return what;
  const file = entry.fileName;
  if (entry.action === "download" || entry.action === "refused")
    return t(FILE_ACTIONS[entry.action][entry.detail === "original" ? "original" : "preview"], {
      file,
    });
  return t("album.log.withFile", { what, file });
}

/** The link's access log, newest first, paged with plain links. */
export function ShareLinkLog({
  entries,
  older,
  newest,
}: {
  entries: LogEntry[];
  older: string | null;
  newest: string | null;
}) {
  const t = useT();
  const when = useWhen();
  return (
    <section className={panel} aria-labelledby="share-link-log-title">
      <h2 id="share-link-log-title">{t("album.log.title")}</h2>
      {entries.length === 0 ? (
        <p className={muted}>{t("album.log.empty")}</p>
      ) : (
        <TableScroller label={t("album.log.title")}>
          <table className={css.table} aria-labelledby="share-link-log-title">
            <thead>
              <tr>
                <th scope="col">{t("album.log.when")}</th>
                <th scope="col">{t("album.log.address")}</th>
                <th scope="col">{t("album.log.what")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="share-link-log-entry">
                  <td>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </td>
                  <td>{entry.address || t("album.log.unknown")}</td>
                  <td>{whatOf(t, entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {older || newest ? (
        <nav aria-label={t("album.log.pages")} className={css.actions}>
          {newest ? <Link to={newest}>{t("album.log.newest")}</Link> : null}
          {older ? <Link to={older}>{t("album.log.older")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/** Label, expiry, password (keep, set, remove) and downloads of one link. */
export function ShareLinkSettings({
  link,
  rights,
  reply,
}: {
  link: ShareLinkRowView;
  rights: { delegateDownloads: boolean };
  reply?: FormReplyBody;
}) {
  const t = useT();
  const { timeZone } = useLocale();
  const errors = reply?.fieldErrors ?? {};
  const passwordOptions = link.hasPassword
    ? [
        { value: "keep", label: t("album.link.pw.keep") },
        { value: "set", label: t("album.link.pw.setNew") },
        { value: "remove", label: t("album.link.pw.remove") },
      ]
    : [
        { value: "keep", label: t("album.link.pw.none") },
        { value: "set", label: t("album.link.pw.set") },
      ];
  return (
    <ShareLinkForm
      id="share-link-settings-title"
      title={t("album.link.settings")}
      intent="update"
      submitLabel={t("album.link.save")}
      reply={reply}
      defaults={{
        label: link.label,
        expires: expiryFieldValue(link.expiresAt, timeZone),
        download: link.download,
      }}
      delegateDownloads={rights.delegateDownloads}
    >
      <RadioGroupField
        label={t("album.password")}
        name="passwordChange"
        options={passwordOptions}
        defaultValue={repopulated(reply, "passwordChange", "keep")}
        errors={errors.passwordChange}
      />
      <TextField
        label={t("album.link.newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        errors={errors.password}
        description={t("album.link.newPasswordHint", { min: MIN_LINK_PASSWORD })}
      />
    </ShareLinkForm>
  );
}

export function ShareLinkView({
  album,
  link,
  rights,
  log,
  confirmRevoke,
  reply,
}: {
  album: { name: string; href: string; linksHref: string };
  link: ShareLinkRowView;
  rights: { delegateDownloads: boolean };
  log: { entries: LogEntry[]; older: string | null; newest: string | null };
  confirmRevoke: boolean;
  reply?: FormReplyBody;
}) {
  const t = useT();
  const when = useWhen();
  const label = link.label || t("album.links.fallbackLabel", { id: link.id });
  return (
    <>
      <section className={panel} aria-labelledby="share-link-title">
        <p>
          <Link to={album.href}>{album.name}</Link>
          {SEPARATOR}
          <Link to={album.linksHref}>{t("album.link.allLinks")}</Link>
        </p>
        <h1 id="share-link-title">{t("album.link.title", { label })}</h1>
        <ShareLinkUrl url={link.url} label={label} />
        <dl className={css.facts}>
          <dt>{t("album.links.col.state")}</dt>
          <dd data-testid="share-link-state">{t(LINK_STATES[link.state])}</dd>
          <dt>{t("album.links.col.expires")}</dt>
          <dd>{when(link.expiresAt)}</dd>
          <dt>{t("album.links.col.password")}</dt>
          <dd>{link.hasPassword ? t("album.yes") : t("album.no")}</dd>
          <dt>{t("album.links.col.downloads")}</dt>
          <dd>{t(DOWNLOAD_LABELS[link.download])}</dd>
          <dt>{t("album.links.col.opened")}</dt>
          <dd>{link.opens}</dd>
        </dl>
        {link.state === "revoked" ? null : confirmRevoke ? (
          <Form method="post" className={css.confirm} aria-label={t("album.link.revokeLabel")}>
            <p role="alert">{t("album.link.revokeQuestion")}</p>
            <div className={css.actions}>
              <Button type="submit" name="intent" value="revoke">
                {t("album.link.revoke")}
              </Button>
              <Link to={link.href}>{t("album.cancel")}</Link>
            </div>
          </Form>
        ) : (
          <p>
            <Link to={`${link.href}?revoke=1`}>{t("album.link.revokeAsk")}</Link>
          </p>
        )}
      </section>
      {link.state === "revoked" ? null : (
        <section className={panel}>
          <ShareLinkSettings link={link} rights={rights} reply={reply} />
        </section>
      )}
      <ShareLinkLog {...log} />
    </>
  );
}
