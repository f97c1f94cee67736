import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from "react";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import {
  opsOnAll,
  opsOnAny,
  type SelectionOp,
  type SelectionRights,
} from "~/models/background-task/selection-ops";
import { muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { RESULTS_ID } from "./grid-keys";
import * as css from "./selection-toolbar.css";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

// The panels load when the toolbar first shows, not with the grid (decision 086's budget).
const loadBatch = () => import("./BatchDialog");
const BatchDialog = lazy(() => loadBatch().then((m) => ({ default: m.BatchDialog })));
const loadAlbum = () => import("~/components/album/AddToAlbumDialog");
const AddToAlbumDialog = lazy(() => loadAlbum().then((m) => ({ default: m.AddToAlbumDialog })));

/** The batch panel's operations (decision 046), as the toolbar names them. */
const BATCH_BUTTONS: [SelectionOp, MessageId][] = [
  ["metadata", "grid.toolbar.op.metadata"],
  ["rename", "grid.toolbar.op.rename"],
  ["duplicate", "grid.toolbar.op.duplicate"],
  ["copy", "grid.toolbar.op.copy"],
  ["move", "grid.toolbar.op.move"],
  ["rotate", "grid.toolbar.op.rotate"],
  ["delete", "grid.toolbar.op.delete"],
];

const RELOCATIONS = [
  ["relocate-top", "grid.toolbar.relocate.top"],
  ["relocate-left", "grid.toolbar.relocate.left"],
  ["relocate-right", "grid.toolbar.relocate.right"],
  ["relocate-bottom", "grid.toolbar.relocate.bottom"],
] as const satisfies readonly (readonly [string, MessageId])[];

export interface SelectionToolbarProps {
  /** The loaded assets, for the archive of each selected one. */
  items: readonly { id: number; archiveId?: number }[];
  selected: ReadonlySet<number>;
  hydrated: boolean;
  /** What the server allows on a selection, by archive (decision 087). */
  rights: SelectionRights;
  /** Relocation buttons: on an archive's page in manual order. */
  canReorder: boolean;
  /** The pins view offers Unpin instead of Pin. */
  pinsView: boolean;
  onClear: () => void;
}

/** The GET the button would send (the selected ids, back, op), for the dialog to load. */
function dialogUrl(event: MouseEvent<HTMLButtonElement>, page: string): string | null {
  const submitter = event.currentTarget;
  if (!submitter.form) return null;
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(submitter.form, submitter))
    if (typeof value === "string") query.append(name, value);
  return `${page}?${query}`;
}

/*
 * The grid's selection toolbar (spec 000 §4, issue 31): the operations the server allows on
 * the selection. Its buttons submit the grid's selection form, so without JavaScript it is that
 * form's row of buttons, always shown (on a phone folded into a disclosure), offering what at
 * least one archive on the page allows (the actions name the assets they refuse). With
 * JavaScript it floats over the page while something is selected, offers what every selected
 * asset's archive allows, and opens the batch and album panels in dialogs over the grid, which
 * keeps the selection.
 */
export function SelectionToolbar(props: SelectionToolbarProps) {
  const t = useT();
  const { items, selected, hydrated, rights } = props;
  const [batchUrl, setBatchUrl] = useState<string | null>(null);
  const [albumUrl, setAlbumUrl] = useState<string | null>(null);
  const visible = !hydrated || selected.size > 0;
  const focusInside = useRef(false);

  useEffect(() => {
    if (!hydrated || !visible) return;
    void loadBatch();
    void loadAlbum();
  }, [hydrated, visible]);
  // The bar leaves with the selection: focus that was in it goes to the results, not the body.
  useEffect(() => {
    if (visible || !focusInside.current) return;
    focusInside.current = false;
    document.getElementById(RESULTS_ID)?.focus({ preventScroll: true });
  }, [visible]);

  const archiveOf = new Map(items.map((a) => [a.id, a.archiveId ?? -1]));
  const ops = hydrated
    ? opsOnAll(
        rights,
        [...selected].map((id) => archiveOf.get(id) ?? -1),
      )
    : opsOnAny(
        rights,
        items.map((a) => a.archiveId ?? -1),
      );

  const offersRelocation = props.canReorder && ops.has("relocate");
  const offersPin = ops.has("pin");
  const offersAlbum = ops.has("album");

  const inDialog = (page: string, open: (url: string) => void) =>
    hydrated
      ? (event: MouseEvent<HTMLButtonElement>) => {
          const url = dialogUrl(event, page);
          if (!url) return;
          event.preventDefault();
          open(url);
        }
      : undefined;

  const bar = (
    <div
      className={css.toolbar}
      data-floating={hydrated || undefined}
      role="group"
      aria-label={t("grid.toolbar.label")}
      onFocus={() => (focusInside.current = true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focusInside.current = false;
      }}
    >
      <div className={css.summary}>
        <span role="status">
          {hydrated
            ? t("grid.toolbar.selected", { count: selected.size })
            : t("grid.toolbar.tickHint")}
        </span>
        {hydrated ? (
          <Button variant="quiet" onPress={props.onClear}>
            {t("grid.toolbar.clear")}
          </Button>
        ) : null}
      </div>
      {ops.size === 0 && Object.keys(rights.byArchive).length > 0 ? (
        <span className={muted}>{t("grid.toolbar.nothingPossible")}</span>
      ) : null}
      <div className={css.actions}>
        {offersRelocation
          ? RELOCATIONS.map(([value, label]) => (
              <Button key={value} type="submit" name="intent" value={value} variant="secondary">
                {t(label)}
              </Button>
            ))
          : null}
        {offersPin ? (
          <Button
            type="submit"
            name="intent"
            value={props.pinsView ? "unpin-selected" : "pin-selected"}
            variant="secondary"
          >
            {props.pinsView ? t("grid.toolbar.unpinSelected") : t("grid.toolbar.pinSelected")}
          </Button>
        ) : null}
        {offersAlbum ? (
          // "Add to album" (issue 18): its own page without JavaScript, a dialog with it.
          <button
            type="submit"
            formMethod="get"
            formAction={LINKS.addToAlbum}
            className={button.secondary}
            onClick={inDialog(LINKS.addToAlbum, setAlbumUrl)}
          >
            {t("grid.toolbar.addToAlbum")}
          </button>
        ) : null}
        {BATCH_BUTTONS.filter(([op]) => ops.has(op)).map(([op, label]) => (
          <button
            key={op}
            type="submit"
            name="op"
            value={op}
            formMethod="get"
            formAction={LINKS.batch}
            className={button.secondary}
            onClick={inDialog(LINKS.batch, setBatchUrl)}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  );

  return (
    <>
      {!visible || (!hydrated && ops.size === 0) ? null : hydrated ? (
        bar
      ) : (
        /*
         * Without JavaScript, on a phone, the form's buttons fold into a disclosure. Inside
         * <noscript>: a browser with scripts never lays it out, so the grid does not jump up
         * when the scripted bar (shown only with a selection) replaces it (issue 31, CLS).
         */
        <noscript>
          <details className={css.disclosure}>
            <summary className={`${button.secondary} ${css.opener}`}>
              {t("grid.toolbar.actions")}
            </summary>
            {bar}
          </details>
        </noscript>
      )}
      {/* Only once asked for: a boundary in the server's markup would hydrate with the page,
          and the grid's first updates would throw it back to client rendering. */}
      {batchUrl || albumUrl ? (
        <Suspense fallback={null}>
          {batchUrl ? <BatchDialog url={batchUrl} onClose={() => setBatchUrl(null)} /> : null}
          {albumUrl ? (
            <AddToAlbumDialog
              url={albumUrl}
              onClose={() => setAlbumUrl(null)}
              onAdded={props.onClear}
            />
          ) : null}
        </Suspense>
      ) : null}
    </>
  );
}
