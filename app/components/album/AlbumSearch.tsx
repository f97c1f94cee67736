import { Form, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import { albumsListHref, shouldSearch } from "~/models/album/album-list.view";
import type { AlbumFilter } from "~/models/album/album.schema";
import { visuallyHidden } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./albums.css";

/**
 * The album search, named "Find" so it is never taken for the header's site search (the one
 * search landmark of the page) (spec 000 section 5): a GET form with q, under the current filter. With
 * JavaScript a search with the text last sent is skipped, and empty text lists without search.
 */
export function AlbumSearch({ q, filter }: { q: string; filter: AlbumFilter | null }) {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  return (
    <Form
      method="get"
      action={LINKS.albums}
      aria-label={t("album.search.label")}
      className={css.search}
      onSubmit={(event) => {
        event.preventDefault();
        if (!shouldSearch(text, q)) return;
        navigate(albumsListHref(filter, text));
      }}
    >
      {filter ? <input type="hidden" name="filter" value={filter} /> : null}
      <SearchField name="q" value={text} onChange={setText}>
        <Label className={visuallyHidden}>{t("album.search.label")}</Label>
        <Input className={css.searchInput} placeholder={t("album.search.label")} maxLength={500} />
      </SearchField>
      <Button type="submit" variant="secondary">
        {t("album.search.submit")}
      </Button>
    </Form>
  );
}
