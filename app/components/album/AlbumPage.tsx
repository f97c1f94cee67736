import type { SerializeFrom } from "@remix-run/node";
import { useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useT, type Translate } from "~/components/locale/locale-context";
import { useHydrated } from "~/utils/use-hydrated";
import { AssetGrid } from "~/components/asset/AssetGrid";
import { button } from "~/components/ui/controls.css";
import { DeferredSelectField } from "~/components/ui/DeferredSelectField";
import type { SelectOption } from "~/components/ui/NativeSelectField";
import type { GridAsset } from "~/models/asset/asset.view";
import type { albumPageLoader } from "~/http/album/album-page.server";
import { alertDanger } from "~/styles/global.css";
import { AlbumActions } from "./AlbumActions";
import { AlbumHeader } from "./AlbumHeader";
import { AlbumMover, type MoversState } from "./AlbumMover";
import * as css from "./album-page.css";

export type AlbumPageData = SerializeFrom<typeof albumPageLoader>;

export interface AlbumPageReply {
  formError?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
}

/** The selection form of AssetGrid: album buttons outside it still submit it (form=). */
const SELECTION_FORM = "selection";

/** Where the selection may go: the top, or before or after each asset of the page. */
function movePlaces(
  t: Translate,
  assets: readonly Pick<GridAsset, "id" | "thumbnailFields">[],
): SelectOption[] {
  return [
    { value: "top", label: t("album.page.moveTop") },
    ...assets.flatMap((asset, i) => {
      const place = { position: i + 1, name: asset.thumbnailFields.label.value };
      return [
        { value: `before:${asset.id}`, label: t("album.page.moveBefore", place) },
        { value: String(asset.id), label: t("album.page.moveAfter", place) },
      ];
    }),
  ];
}

/*
 * An album's page (issue 18, decision 053): its header, the owner's actions, and the grid. The
 * owner's selection actions (remove, cover, move) submit the grid's selection form; sharees'
 * tiles open the preview through the album, with the original when the share lends it.
 */
export function AlbumPage({ data, reply }: { data: AlbumPageData; reply?: AlbumPageReply }) {
  const t = useT();
  const { album, grid, canManage } = data;
  const fieldErrors = reply?.fieldErrors ?? {};
  const renameError = Boolean(fieldErrors["name"] || fieldErrors["description"]);
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [movers, setMovers] = useState<MoversState>(null);
  const move = (moved: number, after: number) =>
    submit(
      { intent: "move", asset: String(moved), after: String(after) },
      { method: "post", preventScrollReset: true },
    );
  return (
    <div>
      <AlbumHeader
        album={album}
        shares={data.shares}
        sharesHref={data.sharesHref}
        canContribute={data.canContribute}
      />
      {canManage && data.sharesHref ? (
        <AlbumActions
          name={album.name}
          description={album.description}
          status={album.status}
          modified={album.modified}
          hasCover={data.coverAssetId !== null}
          homepage={data.homepage}
          fieldErrors={fieldErrors}
          posted={reply?.repopulateFields}
        />
      ) : null}
      {reply?.formError && !renameError ? (
        <p role="alert" className={alertDanger}>
          {reply.formError}
        </p>
      ) : null}
      {canManage && grid.assets.length > 0 ? (
        <div className={css.toolbar} role="group" aria-label={t("album.page.selectionActions")}>
          <button
            type="submit"
            form={SELECTION_FORM}
            name="intent"
            value="remove"
            className={button.secondary}
          >
            {t("album.page.remove")}
          </button>
          <button
            type="submit"
            form={SELECTION_FORM}
            name="intent"
            value="cover"
            className={button.secondary}
          >
            {t("album.page.makeCover")}
          </button>
          <DeferredSelectField
            label={t("album.page.moveLabel")}
            name="after"
            form={SELECTION_FORM}
            defaultValue="top"
            options={movePlaces(t, grid.assets)}
          />
          <button
            type="submit"
            form={SELECTION_FORM}
            name="intent"
            value="move"
            className={button.secondary}
          >
            {t("album.page.move")}
          </button>
        </div>
      ) : null}
      <AssetGrid
        assets={grid.assets}
        paging={grid.paging}
        context={canManage ? grid.context : ""}
        pinned={grid.pinned}
        canPin={grid.canPin}
        retina={grid.retina}
        selection={grid.selection}
        emptyText={t("album.page.empty")}
        tileHref={canManage ? undefined : (asset) => grid.files[asset.id]?.open ?? undefined}
        tileExtra={
          canManage
            ? hydrated
              ? (asset) => (
                  <AlbumMover
                    assetId={asset.id}
                    label={asset.thumbnailFields.label.value}
                    onMove={move}
                    movers={movers}
                    onWanted={(state) => setMovers((m) => m ?? state)}
                  />
                )
              : undefined
            : (asset) => {
                const original = grid.files[asset.id]?.original;
                return original ? (
                  <a
                    href={original}
                    download
                    className={css.downloadLink}
                    aria-label={t("album.page.downloadOriginalOf", {
                      name: asset.thumbnailFields.label.value,
                    })}
                  >
                    {t("album.downloadOriginal")}
                  </a>
                ) : null;
              }
        }
      />
    </div>
  );
}
