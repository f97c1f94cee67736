import type { SerializeFrom } from "@remix-run/node";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import type { AlbumShareSummary } from "~/models/album/album-view.server";
import type { MessageId } from "~/models/locale/message-id";
import { alertInfo, alertWarning, muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./album-page.css";

/** A share's line by whom it is with, what it allows and whether originals download. */
const SHARE_WORDS = {
  user: {
    view: "album.header.share.user.view",
    contribute: "album.header.share.user.contribute",
    viewDownload: "album.header.share.user.viewDownload",
    contributeDownload: "album.header.share.user.contributeDownload",
  },
  group: {
    view: "album.header.share.group.view",
    contribute: "album.header.share.group.contribute",
    viewDownload: "album.header.share.group.viewDownload",
    contributeDownload: "album.header.share.group.contributeDownload",
  },
} as const satisfies Record<string, Record<string, MessageId>>;

const shareWords = (s: SerializeFrom<AlbumShareSummary>) =>
  SHARE_WORDS[s.type === "group" ? "group" : "user"][
    `${s.access === "contribute" ? "contribute" : "view"}${s.download ? "Download" : ""}` as
      "view" | "contribute" | "viewDownload" | "contributeDownload"
  ];

const ROLE_WORDS = {
  owner: "album.header.role.owner",
  contribute: "album.header.role.contribute",
  view: "album.header.role.view",
} as const satisfies Record<string, MessageId>;

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
  const t = useT();
  return (
    <header className={css.header}>
      <h1 className={css.title}>{album.name}</h1>
      {album.description ? <p className={css.description}>{album.description}</p> : null}
      <ul className={css.facts} aria-label={t("album.header.about")}>
        <li>{t("album.header.by", { owner: album.owner.name })}</li>
        <li>{t("album.assetCount", { count: album.assetCount })}</li>
        <li>{t(ROLE_WORDS[album.role])}</li>
      </ul>
      {album.status === "archived" ? (
        <p className={alertInfo} role="status">
          {t("album.header.archived")}
        </p>
      ) : null}
      {album.status === "deleted" ? (
        <p className={alertWarning} role="status">
          {t("album.header.deleted")}
        </p>
      ) : null}
      {canContribute ? (
        <p className={muted}>
          <Msg id="album.header.howToAdd" components={{ 0: <a href={LINKS.archives} /> }} />
        </p>
      ) : null}
      {sharesHref ? (
        <section className={css.section} aria-labelledby="album-shares">
          <h2 id="album-shares" className={css.sectionTitle}>
            {t("album.sharedWith")}
          </h2>
          {shares.length === 0 ? (
            <p className={muted}>{t("album.header.nobody")}</p>
          ) : (
            <ul>
              {shares.map((s) => (
                <li key={`${s.type}-${s.id}`}>{t(shareWords(s), { name: s.name })}</li>
              ))}
            </ul>
          )}
          <p>
            <a href={sharesHref}>{t("album.shareAlbum")}</a>
          </p>
        </section>
      ) : null}
    </header>
  );
}
