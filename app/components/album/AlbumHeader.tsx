import type { SerializeFrom } from "@remix-run/node";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import type { AlbumShareSummary } from "~/models/album/album-view.server";
import { alertInfo, alertWarning, muted } from "~/styles/global.css";
import { assetCount } from "~/utils/format";
import { LINKS } from "~/utils/links";
import * as css from "./album-page.css";

const shareText = (s: SerializeFrom<AlbumShareSummary>) =>
  `${s.name} (${s.type === "group" ? "group, " : ""}${
    s.access === "contribute" ? "may add" : "may view"
  }${s.download ? ", may download originals" : ""})`;

const ROLE_WORDS = { owner: "Yours", contribute: "You may add to it", view: "You may view it" };

/** The album's name, description, owner, size, status and (to its owner) who it is shared with. */
export function AlbumHeader({
  album,
  shares,
  sharesHref,
  canContribute,
}: {
  album: SerializeFrom<AlbumEntry>;
  shares: SerializeFrom<AlbumShareSummary>[];
  sharesHref: string | null;
  canContribute: boolean;
}) {
  return (
    <header className={css.header}>
      <h1 className={css.title}>{album.name}</h1>
      {album.description ? <p className={css.description}>{album.description}</p> : null}
      <ul className={css.facts} aria-label="About this album">
        <li>{`Album by ${album.owner.name}`}</li>
        <li>{assetCount(album.assetCount)}</li>
        <li>{ROLE_WORDS[album.role]}</li>
      </ul>
      {album.status === "archived" ? (
        <p className={alertInfo} role="status">
          This album is archived. It still opens for those it is shared with; unarchive it to add to
          it.
        </p>
      ) : null}
      {album.status === "deleted" ? (
        <p className={alertWarning} role="status">
          This album is in the bin. Only you see it; undelete it to share it again.
        </p>
      ) : null}
      {canContribute ? (
        <p className={muted}>
          To add assets, select them in an <a href={LINKS.archives}>archive</a> and choose Add to
          album.
        </p>
      ) : null}
      {sharesHref ? (
        <section className={css.section} aria-labelledby="album-shares">
          <h2 id="album-shares" className={css.sectionTitle}>
            Shared with
          </h2>
          {shares.length === 0 ? (
            <p className={muted}>Nobody yet.</p>
          ) : (
            <ul>
              {shares.map((s) => (
                <li key={`${s.type}-${s.id}`}>{shareText(s)}</li>
              ))}
            </ul>
          )}
          <p>
            <a href={sharesHref}>Share the album</a>
          </p>
        </section>
      ) : null}
    </header>
  );
}
