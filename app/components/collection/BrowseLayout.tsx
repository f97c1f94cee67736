import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { useBrowsePreferences } from "~/components/asset/browse-preferences";
import { RESULTS_ID } from "~/components/asset/grid-keys";
import { THUMBNAIL_SIZES } from "~/models/user/thumbnail-size";
import { LINKS } from "~/utils/links";
import * as css from "./browse.css";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";
import type { ThumbnailSize } from "~/models/user/thumbnail-size";

export const PANE_ID = "navigation-pane";

const SIZE_LABELS = {
  small: "grid.layout.size.small",
  medium: "grid.layout.size.medium",
  large: "grid.layout.size.large",
} as const satisfies Record<ThumbnailSize, MessageId>;

/**
 * A form that saves a browse preference (decision 089): a plain post back to this page without
 * JavaScript; with it a fetcher, whose pending value the page shows at once.
 */
function PreferenceForm({ children, label }: { children: ReactNode; label?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form
      method="post"
      action={LINKS.browseSettings}
      aria-label={label}
      onSubmit={(event) => {
        // The scripted post answers JSON; the page has changed already.
        event.preventDefault();
        const form = new FormData(
          event.currentTarget,
          (event.nativeEvent as SubmitEvent).submitter,
        );
        form.set("_fetch", "1");
        fetcher.submit(form, { method: "post", action: LINKS.browseSettings });
      }}
    >
      <input type="hidden" name="to" value={location.pathname + location.search} />
      {children}
    </fetcher.Form>
  );
}

/** Small, medium or large thumbnails, remembered for signed-in people. */
export function SizeControl() {
  const t = useT();
  const { thumbnailSize, canSave } = useBrowsePreferences();
  if (!canSave) return null;
  return (
    <PreferenceForm>
      <div className={css.sizeGroup} role="group" aria-labelledby="thumbnail-size-label">
        <span id="thumbnail-size-label" className={css.sizeLabel}>
          {t("grid.layout.thumbnailSize")}
        </span>
        <div className={css.sizeButtons}>
          {THUMBNAIL_SIZES.map((size) => (
            <Button
              key={size}
              type="submit"
              name="thumbnailSize"
              value={size}
              variant="quiet"
              className={css.sizeButton}
              aria-pressed={size === thumbnailSize}
            >
              {t(SIZE_LABELS[size])}
            </Button>
          ))}
        </div>
      </div>
    </PreferenceForm>
  );
}

/**
 * Opens the pane: on narrow screens a link to the drawer (`:target` shows it); on wide ones, while
 * the pane is closed, a button that opens it again and remembers that.
 */
export function PaneOpener() {
  const t = useT();
  const { canSave } = useBrowsePreferences();
  return (
    <span className={css.paneOpener}>
      <a href={`#${PANE_ID}`} className={css.onlyNarrow}>
        {t("grid.layout.navigation")}
      </a>
      {canSave ? (
        <span className={css.onlyWide}>
          <PreferenceForm>
            <Button type="submit" name="navigationPane" value="open" variant="secondary">
              {t("grid.layout.showNavigation")}
            </Button>
          </PreferenceForm>
        </span>
      ) : null}
    </span>
  );
}

/**
 * The grid pages' frame (issue 31): the navigation pane on the left, collapsible and remembered,
 * a drawer on phones; the compact bar and the grid beside it.
 */
export function BrowseLayout({
  pane,
  bar,
  children,
}: {
  pane: ReactNode;
  bar: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { navigationPaneOpen, canSave } = useBrowsePreferences();
  const location = useLocation();
  // With JavaScript, Escape closes the drawer as its Close link does.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || window.location.hash !== `#${PANE_ID}`) return;
      window.location.hash = RESULTS_ID;
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className={css.browse} data-pane={navigationPaneOpen ? "open" : "closed"}>
      <aside
        id={PANE_ID}
        className={css.sidebar}
        aria-labelledby="navigation-pane-title"
        tabIndex={-1}
        key={location.pathname}
      >
        <div className={css.paneHead}>
          <h2 id="navigation-pane-title" className={css.paneTitle}>
            {t("grid.layout.navigation")}
          </h2>
          <a href={`#${RESULTS_ID}`} className={css.onlyNarrow}>
            {t("grid.layout.close")}
          </a>
          {canSave ? (
            <span className={css.onlyWide}>
              <PreferenceForm>
                <Button
                  type="submit"
                  name="navigationPane"
                  value="closed"
                  variant="quiet"
                  aria-label={t("grid.layout.hideNavigation")}
                >
                  {t("grid.layout.hide")}
                </Button>
              </PreferenceForm>
            </span>
          ) : null}
        </div>
        {pane}
      </aside>
      <div className={css.content}>
        <div className={css.bar}>{bar}</div>
        {children}
      </div>
    </div>
  );
}
