import { useT } from "~/components/locale/locale-context";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./layout.css";

/**
 * The gear and its badge (the sum of the pending counts, shown when above 0). The button's name
 * is this text ("Tools 3 pending"), so it holds what is seen, as speech input needs.
 */
export function ToolsLabel({ badge }: { badge: number }) {
  const t = useT();
  return (
    <>
      <span aria-hidden="true">⚙</span>
      <span>{t("common.tools.label")}</span>
      {badge > 0 ? " " : null}
      {badge > 0 ? (
        <span className={css.badge} data-testid="tools-badge">
          {badge}
          <span className={visuallyHidden}> {t("common.tools.pending")}</span>
        </span>
      ) : null}
    </>
  );
}
