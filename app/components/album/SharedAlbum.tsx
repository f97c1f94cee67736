import { Form, isRouteErrorResponse } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import { button } from "~/components/ui/controls.css";
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
  return (
    <section className={narrowPanel} aria-labelledby="shared-password-title">
      <h1 id="shared-password-title">{album.name}</h1>
      <p>This shared album is protected. Type the password you were given.</p>
      <Form method="post" action={album.href} className={css.passwordForm} noValidate>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="off"
          isRequired
          maxLength={200}
          errors={reply?.fieldErrors.password}
          autoFocus={Boolean(reply)}
        />
        <div className={css.actions}>
          <Button type="submit">Open album</Button>
        </div>
      </Form>
    </section>
  );
}

/** The shared album: name, description, whose it is, and its assets in plain pages. */
export function SharedAlbumGrid({ data }: { data: OpenAlbum }) {
  const { album, assets, paging } = data;
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="shared-album-title">
        <div className={css.intro}>
          <h1 id="shared-album-title" className={css.title}>
            {album.name}
          </h1>
          <p className={css.byline}>Shared by {album.ownerName}</p>
          {album.description ? <p>{album.description}</p> : null}
        </div>
      </section>
      <section className={panel} aria-label="Assets">
        {assets.length === 0 ? (
          <p className={muted}>This album is empty.</p>
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
                    aria-label={`Download a preview of ${asset.name}`}
                  >
                    Download preview
                  </a>
                ) : null}
                {asset.originalDownload ? (
                  <a
                    href={asset.originalDownload}
                    className={button.secondary}
                    download
                    aria-label={`Download the original of ${asset.name}`}
                  >
                    Download original
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {paging.prev || paging.next ? (
          <nav aria-label="Pages" className={css.paging}>
            {paging.prev ? <a href={paging.prev}>Previous page</a> : null}
            {paging.next ? <a href={paging.next}>Next page</a> : null}
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
  return (
    <div className={page}>
      <section className={panel} aria-labelledby="shared-asset-title">
        <p>
          <a href={album.href}>Back to {album.name}</a>
        </p>
        <h1 id="shared-asset-title">{asset.name}</h1>
        {asset.preview ? (
          <img src={asset.preview} alt={asset.name} className={css.preview} />
        ) : (
          <p className={muted}>No preview of this file is shared.</p>
        )}
        {asset.description ? <p>{asset.description}</p> : null}
        <div className={css.actions}>
          {asset.previewDownload ? (
            <a href={asset.previewDownload} className={button.secondary} download>
              Download preview
            </a>
          ) : null}
          {asset.originalDownload ? (
            <a href={asset.originalDownload} className={button.primary} download>
              Download original ({asset.fileName})
            </a>
          ) : null}
        </div>
      </section>
    </div>
  );
}

/** A missing, expired or revoked link: its words, and never a way into the album. */
export function SharedAlbumError({ error }: { error: unknown }) {
  const response = isRouteErrorResponse(error) ? error : null;
  const data = (response?.data ?? {}) as { heading?: string; value?: string };
  const status = response?.status ?? 500;
  const heading =
    data.heading ?? (status === 404 ? "Not found" : status === 410 ? "Link ended" : "Error");
  return (
    <section className={narrowPanel} role="alert" aria-labelledby="shared-error-title">
      <h1 id="shared-error-title">{heading}</h1>
      <p data-testid="shared-error">{data.value ?? "Something went wrong. Try again later."}</p>
    </section>
  );
}
