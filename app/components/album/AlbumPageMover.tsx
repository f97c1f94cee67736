import "~/components/shell/shell-bundle";
import { useRef } from "react";
import { Button } from "react-aria-components/Button";
import { useDrag } from "react-aria-components/useDrag";
import { useDrop } from "react-aria-components/useDrop";
import { button } from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import * as css from "./album-page.css";

const ALBUM_ASSET = "application/x-arkiv-album-asset";

/*
 * With JavaScript, the owner drags one asset of the album onto another to put it right after
 * that one (react-aria drag and drop: mouse, touch, and the keyboard through the handle). It posts
 * the same "move" form the page offers without JavaScript, so the server's checks are the same.
 * A chunk of its own (drag and drop with its messages in every language is about 20 KB gzipped):
 * AlbumMover loads it when the owner reaches for a handle.
 */
export default function AlbumPageMover({
  assetId,
  label,
  onMove,
  autoFocus,
}: {
  assetId: number;
  label: string;
  onMove: (moved: number, after: number) => void;
  /** Focus the handle: its stand-in had focus when the code arrived. */
  autoFocus?: boolean;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const { dragProps, dragButtonProps, isDragging } = useDrag({
    getItems: () => [{ [ALBUM_ASSET]: String(assetId), "text/plain": label }],
    getAllowedDropOperations: () => ["move"],
  });
  const { dropProps, isDropTarget } = useDrop({
    ref,
    getDropOperation: (types) => (types.has(ALBUM_ASSET) ? "move" : "cancel"),
    onDrop: (event) => {
      void (async () => {
        for (const item of event.items) {
          if (item.kind !== "text" || !item.types.has(ALBUM_ASSET)) continue;
          const moved = Number(await item.getText(ALBUM_ASSET));
          if (moved !== assetId) onMove(moved, assetId);
        }
      })();
    },
  });
  return (
    <div
      ref={ref}
      {...dragProps}
      {...dropProps}
      className={css.mover}
      data-draggable="true"
      data-drop-target={isDropTarget || undefined}
      data-dragging={isDragging || undefined}
      data-testid="album-mover"
    >
      <Button
        {...dragButtonProps}
        autoFocus={autoFocus}
        className={button.quiet}
        aria-label={t("album.mover.label", { name: label })}
      >
        {t("album.mover.drag")}
      </Button>
    </div>
  );
}
