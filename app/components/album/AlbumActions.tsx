import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { button } from "~/components/ui/controls.css";
import { AlbumActionForms, type AlbumActionsProps } from "./AlbumActionForms";
import * as css from "./album-page.css";

const loadMenu = () => import("./AlbumActionsMenu");
const AlbumActionsMenu = lazy(loadMenu);

/*
 * The owner's actions (decision 053). Without JavaScript each is a plain form on the page. With
 * it, a stand-in "Album actions" button loads the menu and its dialogs when first pressed
 * (prefetched as the pointer or focus reaches it), or at once when a post was refused, so its
 * dialog shows the messages.
 */
export function AlbumActions(props: AlbumActionsProps) {
  const t = useT();
  const hydrated = useHydrated();
  const refused = Boolean(
    props.fieldErrors["name"] || props.fieldErrors["description"] || props.fieldErrors["confirm"],
  );
  const [wanted, setWanted] = useState<"menu" | "dialog" | null>(refused ? "dialog" : null);
  useEffect(() => {
    if (refused) setWanted((w) => w ?? "dialog");
  }, [refused]);
  if (!hydrated) return <AlbumActionForms {...props} />;
  const standIn = (
    <div className={css.actions}>
      <button
        type="button"
        className={button.secondary}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={() => setWanted("menu")}
      >
        {t("album.actions.title")}
      </button>
    </div>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AlbumActionsMenu {...props} openMenu={wanted === "menu"} />
    </Suspense>
  );
}
