import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
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
  formatWhen,
  linkStateLabel,
  repopulated,
  ShareLinkForm,
  ShareLinkUrl,
} from "./ShareLinkParts";
import * as css from "./ShareLink.css";
import { TableScroller } from "~/components/ui/TableScroller";

type LogEntry = LinkLogPage["entries"][number];

const ACTION_LABELS: Record<LogEntry["action"], string> = {
  open: "Opened the album",
  preview: "Viewed a preview",
  download: "Downloaded",
  "password-failed": "Wrong password",
  "password-ok": "Typed the password",
  refused: "Refused",
};

function whatOf(entry: LogEntry) {
  const what = ACTION_LABELS[entry.action];
  if (!entry.fileName) return what;
  const kind = entry.detail === "original" ? "the original of" : "a preview of";
  if (entry.action === "download" || entry.action === "refused")
    return `${what} ${kind} ${entry.fileName}`;
  return `${what}: ${entry.fileName}`;
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
  return (
    <section className={panel} aria-labelledby="share-link-log-title">
      <h2 id="share-link-log-title">Access log</h2>
      {entries.length === 0 ? (
        <p className={muted}>Nobody has used this link yet.</p>
      ) : (
        <TableScroller label="Access log">
          <table className={css.table} aria-labelledby="share-link-log-title">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Address</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="share-link-log-entry">
                  <td>
                    <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
                  </td>
                  <td>{entry.address || "unknown"}</td>
                  <td>{whatOf(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {older || newest ? (
        <nav aria-label="Access log pages" className={css.actions}>
          {newest ? <Link to={newest}>Newest entries</Link> : null}
          {older ? <Link to={older}>Older entries</Link> : null}
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
  const errors = reply?.fieldErrors ?? {};
  const passwordOptions = link.hasPassword
    ? [
        { value: "keep", label: "Keep the password" },
        { value: "set", label: "Set a new password" },
        { value: "remove", label: "Remove the password" },
      ]
    : [
        { value: "keep", label: "No password" },
        { value: "set", label: "Set a password" },
      ];
  return (
    <ShareLinkForm
      id="share-link-settings-title"
      title="Settings"
      intent="update"
      submitLabel="Save link"
      reply={reply}
      defaults={{
        label: link.label,
        expires: expiryFieldValue(link.expiresAt),
        download: link.download,
      }}
      delegateDownloads={rights.delegateDownloads}
    >
      <RadioGroupField
        label="Password"
        name="passwordChange"
        options={passwordOptions}
        defaultValue={repopulated(reply, "passwordChange", "keep")}
        errors={errors.passwordChange}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        errors={errors.password}
        description={`Used with "set"; at least ${MIN_LINK_PASSWORD} characters.`}
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
  const label = link.label || `link ${link.id}`;
  return (
    <>
      <section className={panel} aria-labelledby="share-link-title">
        <p>
          <Link to={album.href}>{album.name}</Link> ·{" "}
          <Link to={album.linksHref}>All public links</Link>
        </p>
        <h1 id="share-link-title">Public link: {label}</h1>
        <ShareLinkUrl url={link.url} label={label} />
        <dl className={css.facts}>
          <dt>State</dt>
          <dd data-testid="share-link-state">{linkStateLabel(link.state)}</dd>
          <dt>Expires</dt>
          <dd>{formatWhen(link.expiresAt)}</dd>
          <dt>Password</dt>
          <dd>{link.hasPassword ? "Yes" : "No"}</dd>
          <dt>Downloads</dt>
          <dd>{DOWNLOAD_LABELS[link.download]}</dd>
          <dt>Opened</dt>
          <dd>{link.opens}</dd>
        </dl>
        {link.state === "revoked" ? null : confirmRevoke ? (
          <Form method="post" className={css.confirm} aria-label="Revoke this link">
            <p role="alert">Revoke this link? Whoever opens it is told it is no longer shared.</p>
            <div className={css.actions}>
              <Button type="submit" name="intent" value="revoke">
                Revoke link
              </Button>
              <Link to={link.href}>Cancel</Link>
            </div>
          </Form>
        ) : (
          <p>
            <Link to={`${link.href}?revoke=1`}>Revoke this link…</Link>
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
