import { lazy, Suspense, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import type { ToolEntry } from "~/models/descriptor/descriptor.server";
import * as css from "./layout.css";
import { ToolsLabel } from "./ToolsLabel";
import { useT } from "~/components/locale/locale-context";
import { toolLabel } from "./tool-labels";

const loadPopup = () => import("./ToolsMenuPopup");
const ToolsMenuPopup = lazy(loadPopup);

/*
 * The tools menu (gear, spec 002 "Tools menu"): the entries the descriptor offers this viewer,
 * with the pending counts as badges. Without JavaScript a native disclosure lists them as links;
 * with it, a stand-in button loads react-aria's Menu when first pressed.
 */
export function ToolsMenu({ entries, badge }: { entries: ToolEntry[]; badge: number }) {
  const hydrated = useHydrated();
  const t = useT();
  const [opened, setOpened] = useState(false);
  if (!hydrated)
    return (
      <details className={css.userMenu} data-testid="tools-menu">
        <summary className={css.userMenuSummary}>
          <ToolsLabel badge={badge} />
        </summary>
        <nav aria-label={t("common.tools.label")} className={css.userMenuPanel}>
          {entries.map((entry) => (
            <a key={entry.id} href={entry.href} className={css.menuLink}>
              {toolLabel(t, entry)}
            </a>
          ))}
        </nav>
      </details>
    );
  const standIn = (
    <button
      type="button"
      className={css.headerButton}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="tools-menu"
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setOpened(true)}
    >
      <ToolsLabel badge={badge} />
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ToolsMenuPopup entries={entries} badge={badge} />
    </Suspense>
  );
}
