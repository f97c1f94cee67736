import "~/components/shell/shell-bundle";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { AssetGrid } from "~/components/asset/AssetGrid";
import { Button } from "~/components/ui/Button";
import * as css from "~/components/asset/grid.css";
import { HTML_PAGE_SIZE, PINS_PATH, pinsPage } from "~/models/collection/collection-page.server";
import { collectionErrorResponse } from "~/http/collection/collection-api.server";
import { gridAction } from "~/http/grid-action.server";
import { navigationAction, navigationForm } from "~/http/smart-folder/navigation-action.server";
import { CollectionPins } from "~/components/collection/CollectionPins";
import { NavigationPins } from "~/components/collection/NavigationPins";
import { collectionPinAction, collectionPins } from "~/http/pin/collection-pins.server";
import { navigationPins } from "~/models/smart-folder/navigation.server";
import { requireViewer } from "~/http/session.server";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";

/** The shell starts the page with "Skip to results" (root.tsx). */
export const handle = { assetGrid: true, i18n: ["grid", "taxonomy"] };

export const meta: MetaFunction = () => [{ title: `${translateNow("grid.pins.meta")} | Arkiv` }];

/*
 * The viewer's pins (spec 000 §4): archives and albums, folders, smart folders and terms, and the
 * pinned assets in the grid; guests have none.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  try {
    const [page, navPins, collections] = await Promise.all([
      pinsPage(viewer, new URL(request.url), HTML_PAGE_SIZE, "keyset"),
      navigationPins(viewer),
      collectionPins(viewer),
    ]);
    return json({ ...page, navPins, collections });
  } catch (error) {
    throw await collectionErrorResponse(request, error);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  // Folder, smart folder and taxonomy pins are unpinned here as in the archive's pane.
  const pane = await navigationForm(request);
  if (pane) return navigationAction(request, viewer, pane, { archive: null, back: PINS_PATH });
  const unpinned = await collectionPinAction(request, viewer);
  if (unpinned) return unpinned;
  return gridAction(request, viewer, { back: PINS_PATH });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("_fetch") === "1" ? false : defaultShouldRevalidate);

/** Clearing every pin asks first: with JavaScript in place, without it on a confirm step. */
function ClearPins() {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  return (
    <details open={confirming} onToggle={(e) => setConfirming(e.currentTarget.open)}>
      <summary>{t("grid.pins.clearAll")}</summary>
      <Form method="post" className={css.inlineForm}>
        <p>{t("grid.pins.clearConfirm")}</p>
        <input type="hidden" name="intent" value="clear-pins" />
        <Button type="submit" variant="primary">
          {t("grid.pins.clearYes")}
        </Button>
      </Form>
    </details>
  );
}

export default function Pins() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>{t("grid.pins.title")}</h1>
      <CollectionPins pins={data.collections} />
      <NavigationPins pins={data.navPins} back={PINS_PATH} />
      {data.assets.length > 0 ? <ClearPins /> : null}
      <AssetGrid
        assets={data.assets}
        paging={data.paging}
        context={data.context}
        pinned={data.pinned}
        canPin={data.canPin}
        retina={data.retina}
        pinsView
        selection={data.selection}
        emptyText={
          data.navPins.length + data.collections.archives.length + data.collections.albums.length
            ? t("grid.pins.emptyAssets")
            : t("grid.pins.emptyNothing")
        }
      />
    </div>
  );
}
