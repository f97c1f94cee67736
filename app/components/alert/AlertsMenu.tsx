import { lazy, Suspense, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import * as shell from "~/components/shell/layout.css";
import { useT } from "~/components/locale/locale-context";
import { LINKS } from "~/utils/links";

const loadPopup = () => import("./AlertsMenuPopup");
const AlertsMenuPopup = lazy(loadPopup);

/*
 * The header's alerts menu (spec 000 §2 and §5, decision 062): for signed-in people holding Alert
 * in some archive. Without JavaScript a plain link to the alerts list; with it a stand-in button
 * that loads react-aria's menu when pressed, which fetches the alerts as it opens.
 */
export function AlertsMenu() {
  const t = useT();
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  if (!hydrated)
    return (
      <a href={LINKS.alerts} className={shell.headerButton} data-testid="alerts-menu">
        {t("common.header.alerts")}
      </a>
    );
  const standIn = (
    <button
      type="button"
      className={shell.headerButton}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="alerts-menu"
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setOpened(true)}
    >
      {t("common.header.alerts")}
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AlertsMenuPopup />
    </Suspense>
  );
}
