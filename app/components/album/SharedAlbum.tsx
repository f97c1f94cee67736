import { Form, isRouteErrorResponse } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import { LINK_EXPIRED_HEADING, LINK_REVOKED_HEADING } from "~/models/album/link-ends";
import type { MessageId } from "~/models/locale/message-id";
import type { FormReplyBody } from "~/http/error";
import type { SharedAlbumData } from "~/http/album/share-link-visitor.server";
import { muted, narrowPanel, page, panel } from "~/styles/global.css";
import * as css from "./SharedAlbum.css";

type OpenAlbum = Extract<SharedAlbumData, { state: "open" }>;

/** A protected link's form: a plain POST to the link's own address, no JavaScript needed. */
export function SharedAlbumPassword({
  album,
  reply,
}: {
  album: { name: string; href: string };
  reply?: FormReplyBody;
}) {
  const t = useT();
  return (
    <section className={narrowPanel} aria-labelledby="shared-password-title">
      <h1 id="shared-password-title">{album.name}</h1>
      <p>{t("album.visitor.protected")}</p>
      <Form method="post" action={album.href} className={css.passwordForm} noValidate>
        <TextField
          label={t("album.password")}
          name="password"
          type="password"
          autoComplete="off"
          isRequired
          maxLength={200}
          errors={reply?.fieldErrors.password}
          autoFocus={Boolean(reply)}
        />
        <div className={css.actions}>
          <Button type="submit">{t("album.visitor.open")}</Button>
        </div>
      </Form>
    </section>
  );
}

/** The shared album: name, description, whose it is, and its assets in plain pages. */
export function SharedAlbumGrid({ data }: { data: OpenAlbum }) {
  const t = useT();
  const { album, assets, paging } = data;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="shared-album-title">
        <div className={css.intro}>
          <h1 id="shared-album-title" className={css.title}>
            {album.name}
          </h1>
          <p className={css.byline}>{t("album.sharedBy", { owner: album.ownerName })}</p>
          {album.description ? <p>{album.description}</p> : null}
        </div>
      </section>
      <section className={panel} aria-label={t("album.visitor.assets")}>
        {assets.length === 0 ? (
          <p className={muted}>{t("album.visitor.empty")}</p>
        ) : (
          <ul className={css.grid} data-testid="shared-grid">
            {assets.map((asset) => (
              <li key={asset.id} className={css.tile} data-testid="shared-tile">
                <a href={asset.href} className={css.tileLink}>
                  {asset.thumbnail ? (
                    <img src={asset.thumbnail} alt="" className={css.thumb} loading="lazy" />
                  ) : null}
                  <span className={css.name}>{asset.name}</span>
                </a>
                {asset.previewDownload ? (
                  <a
                    href={asset.previewDownload}
                    className={button.secondary}
                    download
                    aria-label={t("album.visitor.downloadPreviewOf", { name: asset.name })}
                  >
                    {t("album.downloadPreview")}
                  </a>
                ) : null}
                {asset.originalDownload ? (
                  <a
                    href={asset.originalDownload}
                    className={button.secondary}
                    download
                    aria-label={t("album.visitor.downloadOriginalOf", { name: asset.name })}
                  >
                    {t("album.downloadOriginal")}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {paging.prev || paging.next ? (
          <nav aria-label={t("album.visitor.pages")} className={css.paging}>
            {paging.prev ? <a href={paging.prev}>{t("album.previousPage")}</a> : null}
            {paging.next ? <a href={paging.next}>{t("album.nextPage")}</a> : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export interface SharedAssetProps {
  album: { name: string; href: string };
  asset: {
    name: string;
    fileName: string;
    description: string;
    preview: string | null;
    previewDownload: string | null;
    originalDownload: string | null;
  };
}

/** One asset large, with exactly the downloads the link allows. */
export function SharedAsset({ album, asset }: SharedAssetProps) {
  const t = useT();
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="shared-asset-title">
        <p>
          <a href={album.href}>{t("album.backTo", { name: album.name })}</a>
        </p>
        <h1 id="shared-asset-title">{asset.name}</h1>
        {asset.preview ? (
          <img src={asset.preview} alt={asset.name} className={css.preview} />
        ) : (
          <p className={muted}>{t("album.visitor.noPreview")}</p>
        )}
        {asset.description ? <p>{asset.description}</p> : null}
        <div className={css.actions}>
          {asset.previewDownload ? (
            <a href={asset.previewDownload} className={button.secondary} download>
              {t("album.downloadPreview")}
            </a>
          ) : null}
          {asset.originalDownload ? (
            <a href={asset.originalDownload} className={button.primary} download>
              {t("album.visitor.downloadOriginalFile", { fileName: asset.fileName })}
            </a>
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** The titles of a link's known ends, by the heading the answer names them with. */
const LINK_ENDS: Record<string, MessageId> = {
  [LINK_EXPIRED_HEADING]: "album.visitor.error.expiredTitle",
  [LINK_REVOKED_HEADING]: "album.visitor.error.revokedTitle",
};

/**
 * A missing, expired or revoked link: its words, and never a way into the album. The server
 * sends the value in the visitor's language; the title is chosen here by the end's heading or
 * the status, so no English is matched.
 */
export function SharedAlbumError({ error }: { error: unknown }) {
  const t = useT();
  const response = isRouteErrorResponse(error) ? error : null;
  const data = (response?.data ?? {}) as { heading?: string; value?: string };
  const status = response?.status ?? 500;
  const known = data.heading === undefined ? undefined : LINK_ENDS[data.heading];
  const heading = known
    ? t(known)
    : status === 404
      ? t("album.visitor.error.notFound")
      : status === 410
        ? t("album.visitor.error.ended")
        : t("album.visitor.error.title");
  return (
    <section className={narrowPanel} role="alert" aria-labelledby="shared-error-title">
      <h1 id="shared-error-title">{heading}</h1>
      <p data-testid="shared-error">{data.value ?? t("album.visitor.error.generic")}</p>
    </section>
  );
}
