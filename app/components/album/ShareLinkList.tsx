import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import type { ShareLinkRowView } from "~/http/album/share-link-admin.server";
import type { FormReplyBody } from "~/http/error";
import { MIN_LINK_PASSWORD } from "~/models/album/album.schema";
import { muted, panel } from "~/styles/global.css";
import {
  DOWNLOAD_LABELS,
  formatWhen,
  linkStateLabel,
  ShareLinkForm,
  ShareLinkUrl,
} from "./ShareLinkParts";
import * as css from "./ShareLink.css";
import { TableScroller } from "~/components/ui/TableScroller";

interface Album {
  name: string;
  href: string;
  sharesHref: string;
  linksHref: string;
}

/** Every public link of the album with what it allows, and how often it was opened. */
export function ShareLinkTable({ links }: { links: ShareLinkRowView[] }) {
  if (links.length === 0) return <p className={muted}>This album has no public links yet.</p>;
  return (
    <TableScroller label="Public links">
      <table className={css.table} aria-label="Public links">
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Address</th>
            <th scope="col">Expires</th>
            <th scope="col">Password</th>
            <th scope="col">Downloads</th>
            <th scope="col">State</th>
            <th scope="col">Opened</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const label = link.label || `link ${link.id}`;
            return (
              <tr key={link.id} data-testid="share-link-row">
                <td>
                  <Link to={link.href} aria-label={`Settings and access log of ${label}`}>
                    {link.label || <span className={muted}>(no label)</span>}
                  </Link>
                </td>
                <td>
                  <ShareLinkUrl url={link.url} label={label} />
                </td>
                <td>{formatWhen(link.expiresAt)}</td>
                <td>{link.hasPassword ? "Yes" : "No"}</td>
                <td>{DOWNLOAD_LABELS[link.download]}</td>
                <td className={css.state} data-testid="share-link-state">
                  {linkStateLabel(link.state)}
                </td>
                <td>{link.opens}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** The create form (shareLinkSchema); without shareWithGuests it says so instead. */
export function ShareLinkCreate({
  rights,
  reply,
}: {
  rights: { shareWithGuests: boolean; delegateDownloads: boolean };
  reply?: FormReplyBody;
}) {
  if (!rights.shareWithGuests)
    return (
      <p className={muted}>
        You do not have permission to share albums with guests, so you cannot make public links.
      </p>
    );
  const errors = reply?.fieldErrors ?? {};
  return (
    <ShareLinkForm
      id="share-link-create-title"
      title="New link"
      intent="create"
      submitLabel="Create link"
      reply={reply}
      defaults={{ label: "", expires: "", download: "none" }}
      labelDescription="For you: who the link is for. Visitors do not see it."
      delegateDownloads={rights.delegateDownloads}
    >
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        errors={errors.password}
        description={`Optional; at least ${MIN_LINK_PASSWORD} characters.`}
      />
    </ShareLinkForm>
  );
}

/** Revoke every open link, after a confirmation on the same page (no JavaScript needed). */
export function ShareLinkRevokeAll({
  album,
  confirm,
  anyOpen,
}: {
  album: Album;
  confirm: boolean;
  anyOpen: boolean;
}) {
  if (!anyOpen) return null;
  if (!confirm)
    return (
      <p>
        <Link to={`${album.linksHref}?revoke=all`}>Revoke all links…</Link>
      </p>
    );
  return (
    <Form method="post" className={css.confirm} aria-label="Revoke all links">
      <p role="alert">
        Revoke every open link of this album? Whoever opens one is told it is no longer shared.
      </p>
      <div className={css.actions}>
        <Button type="submit" name="intent" value="revoke-all">
          Revoke all links
        </Button>
        <Link to={album.linksHref}>Cancel</Link>
      </div>
    </Form>
  );
}

export function ShareLinksView({
  album,
  links,
  rights,
  confirmRevokeAll,
  reply,
}: {
  album: Album;
  links: ShareLinkRowView[];
  rights: { shareWithGuests: boolean; delegateDownloads: boolean };
  confirmRevokeAll: boolean;
  reply?: FormReplyBody;
}) {
  return (
    <>
      <section className={panel} aria-labelledby="share-links-title">
        <p>
          <Link to={album.href}>{album.name}</Link> · <Link to={album.sharesHref}>Sharing</Link>
        </p>
        <h1 id="share-links-title">Public links of {album.name}</h1>
        <ShareLinkTable links={links} />
        <ShareLinkRevokeAll
          album={album}
          confirm={confirmRevokeAll}
          anyOpen={links.some((l) => l.state === "open")}
        />
      </section>
      <section className={panel}>
        <ShareLinkCreate rights={rights} reply={reply} />
      </section>
    </>
  );
}
