import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import { TextField } from "~/components/ui/TextField";
import type { ShareLinkRowView } from "~/http/album/share-link-admin.server";
import type { FormReplyBody } from "~/http/error";
import { MIN_LINK_PASSWORD } from "~/models/album/album.schema";
import { muted, panel } from "~/styles/global.css";
import {
  DOWNLOAD_LABELS,
  LINK_STATES,
  ShareLinkForm,
  ShareLinkUrl,
  useWhen,
} from "./ShareLinkParts";
import * as css from "./ShareLink.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { SEPARATOR } from "~/components/ui/separator";

/** Between the breadcrumb's links. */

interface Album {
  name: string;
  href: string;
  sharesHref: string;
  linksHref: string;
}

/** Every public link of the album with what it allows, and how often it was opened. */
export function ShareLinkTable({ links }: { links: ShareLinkRowView[] }) {
  const t = useT();
  const when = useWhen();
  if (links.length === 0) return <p className={muted}>{t("album.links.none")}</p>;
  return (
    <TableScroller label={t("album.publicLinks")}>
      <table className={css.table} aria-label={t("album.publicLinks")}>
        <thead>
          <tr>
            <th scope="col">{t("album.links.col.label")}</th>
            <th scope="col">{t("album.links.col.address")}</th>
            <th scope="col">{t("album.links.col.expires")}</th>
            <th scope="col">{t("album.links.col.password")}</th>
            <th scope="col">{t("album.links.col.downloads")}</th>
            <th scope="col">{t("album.links.col.state")}</th>
            <th scope="col">{t("album.links.col.opened")}</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const label = link.label || t("album.links.fallbackLabel", { id: link.id });
            return (
              <tr key={link.id} data-testid="share-link-row">
                <td>
                  <Link to={link.href} aria-label={t("album.links.settingsOf", { label })}>
                    {link.label || <span className={muted}>{t("album.links.noLabel")}</span>}
                  </Link>
                </td>
                <td>
                  <ShareLinkUrl url={link.url} label={label} />
                </td>
                <td>{when(link.expiresAt)}</td>
                <td>{link.hasPassword ? t("album.yes") : t("album.no")}</td>
                <td>{t(DOWNLOAD_LABELS[link.download])}</td>
                <td className={css.state} data-testid="share-link-state">
                  {t(LINK_STATES[link.state])}
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
  const t = useT();
  if (!rights.shareWithGuests) return <p className={muted}>{t("album.links.noGuests")}</p>;
  const errors = reply?.fieldErrors ?? {};
  return (
    <ShareLinkForm
      id="share-link-create-title"
      title={t("album.links.new")}
      intent="create"
      submitLabel={t("album.links.create")}
      reply={reply}
      defaults={{ label: "", expires: "", download: "none" }}
      labelDescription={t("album.links.labelHint")}
      delegateDownloads={rights.delegateDownloads}
    >
      <TextField
        label={t("album.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        errors={errors.password}
        description={t("album.links.passwordHint", { min: MIN_LINK_PASSWORD })}
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
  const t = useT();
  if (!anyOpen) return null;
  if (!confirm)
    return (
      <p>
        <Link to={`${album.linksHref}?revoke=all`}>{t("album.links.revokeAllAsk")}</Link>
      </p>
    );
  return (
    <Form method="post" className={css.confirm} aria-label={t("album.links.revokeAll")}>
      <p role="alert">{t("album.links.revokeAllQuestion")}</p>
      <div className={css.actions}>
        <Button type="submit" name="intent" value="revoke-all">
          {t("album.links.revokeAll")}
        </Button>
        <Link to={album.linksHref}>{t("album.cancel")}</Link>
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
  const t = useT();
  return (
    <>
      <section className={panel} aria-labelledby="share-links-title">
        <p>
          <Link to={album.href}>{album.name}</Link>
          {SEPARATOR}
          <Link to={album.sharesHref}>{t("album.links.sharing")}</Link>
        </p>
        <h1 id="share-links-title">{t("album.links.heading", { name: album.name })}</h1>
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
