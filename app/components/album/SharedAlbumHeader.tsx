import * as css from "./SharedAlbum.css";

/** The header of a public link's pages: the site's name, and nothing a visitor cannot use. */
export function SharedAlbumHeader({ siteName }: { siteName: string }) {
  return (
    <header className={css.header}>
      <span>{siteName}</span>
    </header>
  );
}
