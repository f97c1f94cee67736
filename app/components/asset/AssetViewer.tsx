import "~/components/shell/shell-bundle";
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from "react";
import { Button } from "react-aria-components/Button";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import type { AssetPreview, AssetView } from "~/models/asset/asset-view.server";
import {
  assetPageTitle,
  pickPreview,
  RETINA_THUMBNAIL_SIZE,
  type GridAsset,
} from "~/models/asset/asset.view";
import { METADATA_FIELDS, valuesOf } from "~/models/metadata/metadata-fields";
import { useFormat } from "~/components/locale/format";
import { useT } from "~/components/locale/locale-context";
import * as css from "./viewer.css";

/*
 * The viewer over the grid (issue 31, decision 091), in a chunk of its own that loads when a
 * tile is first opened. It steps through the grid's loaded assets (buttons, arrow keys, a
 * horizontal swipe), zooms the preview (fit, then 1, 2, 4 preview pixels per CSS pixel, panned
 * by dragging or scrolling) and shows the asset's details beside it, read from the asset's own
 * JSON (the API's asset at its href): a plain fetch, so an asset gone since the grid loaded is a
 * message in the panel, not the page's error boundary, and the grid's data is not revalidated.
 * Without JavaScript the tile's link opens the asset page, which is this viewer's page form.
 */

const ASSET_TYPE = "application/vnd.fotoware.asset+json";
const SCALES = [1, 2, 4];
/** A horizontal touch move this long, and clearly more sideways than up or down, is a swipe. */
const SWIPE_PX = 60;
/** The details panel's fields beside title and description, in this order. */
const SHOWN_FIELDS = [25, 80, 110, 116, 55, 90, 101];

type Loaded = { kind: "loaded"; view: AssetView } | { kind: "failed" };

export interface AssetViewerProps {
  assets: GridAsset[];
  /** The asset opened first. */
  start: number;
  /** The asset's page with the list's context, as its tile links to it. */
  hrefOf: (asset: GridAsset) => string;
  /** Another asset shown, so the address bar can follow. */
  onStep: (asset: GridAsset) => void;
  /** Closed on the asset shown last, whose tile takes focus back. */
  onClose: (assetId: number) => void;
}

export default function AssetViewer({ assets, start, hrefOf, onStep, onClose }: AssetViewerProps) {
  const t = useT();
  const [id, setId] = useState(start);
  const index = assets.findIndex((a) => a.id === id);
  const asset = index >= 0 ? assets[index]! : null;
  const loaded = useAssetViews(assets, index);
  const current = loaded.get(id);
  const [scale, setScale] = useState<number | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLElement | null>(null);

  // An asset that left the list (unpinned in the pins view) closes the viewer.
  useEffect(() => {
    if (!asset) onClose(id);
  }, [asset, id, onClose]);

  const go = useCallback(
    (step: number) => {
      const to = assets[index + step];
      if (!to) return;
      setId(to.id);
      setScale(null);
      onStep(to);
    },
    [assets, index, onStep],
  );

  // A step button disabled at the end of the list would drop focus on the page's body.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) dialog.current?.focus();
  }, [id]);

  const view = current?.kind === "loaded" ? current.view : null;
  const previews = view ? fullPreviews(view.previews) : [];
  const largest = previews[previews.length - 1] ?? null;

  /** In (1), out (-1), or between fitted and actual size (0). */
  const zoom = (direction: 1 | -1 | 0) => {
    if (!largest) return;
    if (direction === 0) return setScale(scale === null ? 1 : null);
    const fit = fitScale(stage.current, largest);
    const now = scale ?? fit;
    if (direction > 0) {
      const larger = SCALES.find((s) => s > now + 0.01);
      if (larger !== undefined) setScale(larger);
      return;
    }
    const smaller = [...SCALES].reverse().find((s) => s < now - 0.01);
    setScale(smaller !== undefined && smaller > fit ? smaller : null);
  };
  useKeepCentre(stage, scale);

  // react-aria's Dialog takes no key handler: a native one on its element, reading the latest state.
  const keys = useRef<(event: globalThis.KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const action: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      "+": () => zoom(1),
      "=": () => zoom(1),
      "-": () => zoom(-1),
      "0": () => setScale(null),
    };
    const run = action[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  };
  const onKey = useCallback((event: globalThis.KeyboardEvent) => keys.current(event), []);
  const dialogRef = useCallback(
    (node: HTMLElement | null) => {
      dialog.current?.removeEventListener("keydown", onKey);
      dialog.current = node;
      node?.addEventListener("keydown", onKey);
    },
    [onKey],
  );

  const gesture = useStageGestures(stage, scale !== null, go);
  // The name its tile shows, so the viewer opens on the name just chosen.
  const label = asset ? asset.thumbnailFields.label.value || asset.filename : null;
  useTitleWhileOpen(label === null ? null : assetPageTitle(label));
  if (!asset || label === null) return null;
  const thumbnail = pickPreview(asset.previews, RETINA_THUMBNAIL_SIZE);

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose(id)}
      className={css.overlay}
    >
      <Modal className={css.modal}>
        <Dialog ref={dialogRef} className={css.dialog} data-testid="asset-viewer">
          <div className={css.toolbar}>
            <p className={css.counter} role="status">
              {t("asset.viewer.counter", { index: index + 1, total: assets.length })}
            </p>
            <Button
              className={css.tool}
              onPress={() => zoom(-1)}
              isDisabled={scale === null}
              aria-label={t("asset.viewer.zoomOut")}
            >
              −
            </Button>
            <Button
              className={css.tool}
              onPress={() => zoom(0)}
              isDisabled={!largest}
              aria-pressed={scale !== null}
            >
              {t("asset.viewer.actualSize")}
            </Button>
            <Button
              className={css.tool}
              onPress={() => zoom(1)}
              isDisabled={!largest || scale === SCALES[SCALES.length - 1]}
              aria-label={t("asset.viewer.zoomIn")}
            >
              +
            </Button>
            <Button className={css.tool} onPress={() => onClose(id)}>
              <span aria-hidden="true">×</span>{" "}
              <span className={css.phoneHidden}>{t("asset.viewer.close")}</span>
            </Button>
          </div>
          <div className={css.frame}>
            <div
              ref={stage}
              className={css.stage}
              data-zoomed={scale !== null}
              data-dragging={gesture.dragging}
              {...gesture.handlers}
            >
              <Picture
                key={id}
                label={label}
                thumbnail={thumbnail}
                previews={previews}
                scale={scale}
                loading={current === undefined}
                noPreview={current?.kind === "loaded" && previews.length === 0}
              />
            </div>
            <Button
              className={`${css.step} ${css.previous}`}
              onPress={() => go(-1)}
              isDisabled={index <= 0}
            >
              <span aria-hidden="true">‹</span>{" "}
              <span className={css.phoneHidden}>{t("asset.viewer.previous")}</span>
            </Button>
            <Button
              className={`${css.step} ${css.next}`}
              onPress={() => go(1)}
              isDisabled={index >= assets.length - 1}
            >
              <span className={css.phoneHidden}>{t("asset.viewer.next")}</span>{" "}
              <span aria-hidden="true">›</span>
            </Button>
          </div>
          <section className={css.panel} aria-label={t("asset.details.heading")}>
            <Heading slot="title" className={css.title}>
              {label}
            </Heading>
            {current?.kind === "failed" ? (
              <p className={css.status}>{t("asset.viewer.failed")}</p>
            ) : view ? (
              <ViewDetails view={view} label={label} />
            ) : (
              <p className={css.status}>{t("asset.viewer.loadingDetails")}</p>
            )}
            <ul className={css.links}>
              <li>
                <a className={css.link} href={hrefOf(asset)}>
                  {t("asset.viewer.openPage")}
                </a>
              </li>
            </ul>
          </section>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The window's title is the asset page's while the viewer shows its address, and the grid's again
 * once it closes (the Close button, Escape, Back). A title that another page set meanwhile is
 * left alone.
 */
function useTitleWhileOpen(title: string | null) {
  const grid = useRef<string | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (title === null) return;
    grid.current ??= document.title;
    document.title = title;
    shown.current = title;
  }, [title]);
  useEffect(
    () => () => {
      if (grid.current !== null && document.title === shown.current) document.title = grid.current;
    },
    [],
  );
}

function Picture({
  label,
  thumbnail,
  previews,
  scale,
  loading,
  noPreview,
}: {
  label: string;
  thumbnail: AssetPreview | null;
  previews: AssetPreview[];
  scale: number | null;
  loading: boolean;
  noPreview: boolean;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const largest = previews[previews.length - 1];
  if (noPreview) return <p className={css.noPreview}>{t("asset.noPreview")}</p>;
  return (
    <>
      {!shown && thumbnail ? (
        <img className={css.placeholder} src={thumbnail.href} alt="" aria-hidden="true" />
      ) : null}
      {largest ? (
        <img
          className={css.image}
          src={largest.href}
          srcSet={
            scale === null ? previews.map((p) => `${p.href} ${p.width}w`).join(", ") : undefined
          }
          sizes="(max-width: 719.98px) 100vw, calc(100vw - 360px)"
          width={largest.width}
          height={largest.height}
          // Zoomed, the size is set, not left to the image: a srcset candidate's density
          // (its width over `sizes`) would otherwise still scale it.
          style={
            scale === null
              ? undefined
              : { width: largest.width * scale, height: largest.height * scale }
          }
          alt={t("asset.previewOf", { name: label })}
          draggable={false}
          hidden={!shown}
          onLoad={() => setShown(true)}
        />
      ) : null}
      {loading && !thumbnail ? <p className={css.noPreview}>{t("asset.viewer.loading")}</p> : null}
    </>
  );
}

function ViewDetails({ view, label }: { view: AssetView; label: string }) {
  const t = useT();
  const f = useFormat();
  const image = view.attributes.imageattributes;
  const fields = SHOWN_FIELDS.flatMap((fieldId) => {
    const field = METADATA_FIELDS.find((f) => f.id === fieldId);
    const values = valuesOf(view.metadata[String(fieldId)]?.value).filter((v) => v !== "");
    return field && values.length > 0 ? [{ label: field.label, text: values.join(", ") }] : [];
  });
  const taken = view.dates.camera ?? view.dates.iptc;
  const rows: [string, string][] = [
    ...(view.title && view.title !== label
      ? [[t("asset.details.title"), view.title] as [string, string]]
      : []),
    [t("asset.details.fileName"), view.filename],
    ...(view.description
      ? [[t("asset.details.description"), view.description] as [string, string]]
      : []),
    ...fields.map((field) => [field.label, field.text] as [string, string]),
    ...(image
      ? [
          [
            t("asset.file.dimensions"),
            t("asset.file.pixels", { width: image.pixelwidth, height: image.pixelheight }),
          ] as [string, string],
        ]
      : []),
    [t("asset.file.size"), f.bytes(view.filesize)],
    ...(taken ? [[t("asset.file.date.taken"), f.date(taken)] as [string, string]] : []),
    [t("asset.file.date.uploaded"), f.date(view.created)],
  ];
  return (
    <dl className={css.fields}>
      {rows.map(([term, text]) => (
        <Fragment key={term}>
          <dt className={css.term}>{term}</dt>
          <dd className={css.value}>{text}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The previews that show the whole picture (not the square crops), smallest first. */
function fullPreviews(previews: AssetPreview[]): AssetPreview[] {
  return previews.filter((p) => !p.square).sort((a, b) => a.width - b.width);
}

/** The scale at which the largest preview fits the stage. */
function fitScale(stage: HTMLElement | null, largest: AssetPreview): number {
  if (!stage) return 1;
  return Math.min(1, stage.clientWidth / largest.width, stage.clientHeight / largest.height);
}

/**
 * The assets' views by id: the shown one first, then its neighbours (so stepping shows their
 * details at once), each fetched once while the viewer is open.
 */
function useAssetViews(assets: GridAsset[], index: number): Map<number, Loaded> {
  const [views, setViews] = useState(() => new Map<number, Loaded>());
  const asked = useRef(new Set<number>());
  const closed = useRef(new AbortController());
  useEffect(() => {
    const controller = closed.current;
    return () => controller.abort();
  }, []);
  useEffect(() => {
    const { signal } = closed.current;
    const wanted = [assets[index], assets[index + 1], assets[index - 1]].filter(
      (a): a is GridAsset => a !== undefined && !asked.current.has(a.id),
    );
    for (const each of wanted) {
      asked.current.add(each.id);
      void fetch(each.href, { headers: { Accept: ASSET_TYPE }, credentials: "same-origin", signal })
        .then((r) => (r.ok ? (r.json() as Promise<AssetView>) : Promise.reject(new Error())))
        .then(
          (view): Loaded => ({ kind: "loaded", view }),
          (): Loaded => ({ kind: "failed" }),
        )
        .then((outcome) => {
          if (!signal.aborted) setViews((known) => new Map(known).set(each.id, outcome));
        });
    }
  }, [assets, index]);
  return views;
}

/** Zooming keeps the point at the stage's centre where it was. */
function useKeepCentre(stage: RefObject<HTMLDivElement | null>, scale: number | null) {
  const centre = useRef({ x: 0.5, y: 0.5 });
  useLayoutEffect(() => {
    const node = stage.current;
    if (!node) return;
    if (scale !== null) {
      node.scrollLeft = centre.current.x * node.scrollWidth - node.clientWidth / 2;
      node.scrollTop = centre.current.y * node.scrollHeight - node.clientHeight / 2;
    }
    const remember = () => {
      centre.current = {
        x: (node.scrollLeft + node.clientWidth / 2) / Math.max(1, node.scrollWidth),
        y: (node.scrollTop + node.clientHeight / 2) / Math.max(1, node.scrollHeight),
      };
    };
    if (scale === null) centre.current = { x: 0.5, y: 0.5 };
    else remember();
    node.addEventListener("scroll", remember, { passive: true });
    return () => node.removeEventListener("scroll", remember);
  }, [stage, scale]);
}

/** Dragging pans a zoomed picture; a horizontal swipe on a fitted one steps through the list. */
function useStageGestures(
  stage: RefObject<HTMLDivElement | null>,
  zoomed: boolean,
  go: (step: number) => void,
) {
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      const node = stage.current;
      if (!node || event.button !== 0) return;
      start.current = {
        x: event.clientX,
        y: event.clientY,
        left: node.scrollLeft,
        top: node.scrollTop,
      };
      if (zoomed && event.pointerType !== "touch") {
        node.setPointerCapture(event.pointerId);
        setDragging(true);
      }
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const node = stage.current;
      if (!node || !start.current || !dragging) return;
      node.scrollLeft = start.current.left - (event.clientX - start.current.x);
      node.scrollTop = start.current.top - (event.clientY - start.current.y);
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      const from = start.current;
      start.current = null;
      setDragging(false);
      if (!from || zoomed || event.pointerType !== "touch") return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) go(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
      setDragging(false);
    },
  };
  return { dragging, handlers };
}
