import { lazy, Suspense } from "react";
import { button } from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import * as css from "./album-page.css";

const loadMover = () => import("./AlbumPageMover");
const AlbumPageMover = lazy(loadMover);

/** Whether the page's drag handles are live, and which one had focus when they were wanted. */
export type MoversState = { focused: number | null } | null;

/*
 * An album tile's drag handle for the owner, with JavaScript. Until the owner reaches for one
 * (pointer over or focus on a handle), each is a stand-in drawn the same; then every tile's
 * handle becomes react-aria's drag and drop (AlbumPageMover), focus staying on the one it was on.
 */
export function AlbumMover({
  assetId,
  label,
  onMove,
  movers,
  onWanted,
}: {
  assetId: number;
  label: string;
  onMove: (moved: number, after: number) => void;
  movers: MoversState;
  onWanted: (state: NonNullable<MoversState>) => void;
}) {
  const t = useT();
  const standIn = (
    <div className={css.mover} data-testid="album-mover">
      <button
        type="button"
        className={button.quiet}
        aria-label={t("album.mover.label", { name: label })}
        onPointerEnter={() => {
          void loadMover();
          onWanted({ focused: null });
        }}
        onFocus={() => {
          void loadMover();
          onWanted({ focused: assetId });
        }}
      >
        {t("album.mover.drag")}
      </button>
    </div>
  );
  if (!movers) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AlbumPageMover
        assetId={assetId}
        label={label}
        onMove={onMove}
        autoFocus={movers.focused === assetId}
      />
    </Suspense>
  );
}
