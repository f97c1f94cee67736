import { Link, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { Button } from "react-aria-components/Button";
import { Tooltip, TooltipTrigger } from "react-aria-components/Tooltip";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { albumsListHref, FILTER_ICONS, filterPress } from "~/models/album/album-list.view";
import type { MessageId } from "~/models/locale/message-id";
import type { AlbumFilter } from "~/models/album/album.schema";
import * as css from "./albums.css";

// 24×24 outlines: user, users, archive box, bin, and the albums (clear filters).
const PATHS: Record<string, string> = {
  own: "M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm-8 18c0-4 4-7 8-7s8 3 8 7z",
  shared:
    "M9 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm7.5 1a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM2 20c0-3.5 3.2-6 7-6s7 2.5 7 6zm15.5 0c0-2.3-.9-4.3-2.5-5.6 3.6-.6 7 1.6 7 5.6z",
  archived: "M3 4h18v4H3zm1 5h16v11H4zm5 3v2h6v-2z",
  deleted: "M9 3h6l1 2h4v2H4V5h4zM5 8h14l-1 13H6z",
  clear: "M3 5h8v6H3zm10 0h8v6h-8zM3 13h8v6H3zm10 0h8v6h-8z",
};

/** Each filter icon's name (its title and accessible name). */
const LABELS = {
  own: "album.filter.own",
  shared: "album.filter.shared",
  archived: "album.filter.archived",
  deleted: "album.filter.deleted",
  clear: "album.filter.clear",
} as const satisfies Record<AlbumFilter | "clear", MessageId>;

function Glyph({ name }: { name: string }) {
  return (
    <svg className={css.filterIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

/**
 * One filter icon. With JavaScript a button whose press follows the spec's rule (filterPress):
 * the active one does nothing, a first tap on a touch device shows the title, then applies.
 */
function FilterButton({
  filter,
  label,
  active,
}: {
  filter: AlbumFilter | null;
  label: string;
  active: boolean;
}) {
  const navigate = useNavigate();
  const [titleShown, setTitleShown] = useState(false);
  // The tooltip closes as a press starts, before the press ends: a first tap is remembered here.
  const tapped = useRef(false);
  return (
    <TooltipTrigger isOpen={titleShown} onOpenChange={setTitleShown} delay={400}>
      <Button
        className={css.filter}
        aria-label={label}
        aria-pressed={active}
        data-testid={`album-filter-${filter ?? "clear"}`}
        onBlur={() => (tapped.current = false)}
        onPress={(event) => {
          const outcome = filterPress({
            active,
            pointerType: event.pointerType,
            titleShown: titleShown || tapped.current,
          });
          if (outcome === "show-title") {
            tapped.current = true;
            setTitleShown(true);
          } else if (outcome === "apply") {
            tapped.current = false;
            setTitleShown(false);
            // Switching clears the search text (spec 000 section 4).
            navigate(albumsListHref(filter));
          }
        }}
      >
        <Glyph name={filter ?? "clear"} />
      </Button>
      <Tooltip className={css.tooltip} offset={6}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** The filter icons: one active at a time; plain links to `?filter=` without JavaScript. */
export function AlbumFilters({ active }: { active: AlbumFilter | null }) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <ul className={css.filters} aria-label={t("album.filter.label")}>
      {FILTER_ICONS.map(({ filter }) => {
        const label = t(LABELS[filter ?? "clear"]);
        return (
          <li key={filter ?? "clear"}>
            {hydrated ? (
              <FilterButton filter={filter} label={label} active={filter === active} />
            ) : (
              <Link
                to={albumsListHref(filter)}
                className={css.filter}
                aria-label={label}
                title={label}
                aria-current={filter === active ? "page" : undefined}
                data-testid={`album-filter-${filter ?? "clear"}`}
              >
                <Glyph name={filter ?? "clear"} />
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
