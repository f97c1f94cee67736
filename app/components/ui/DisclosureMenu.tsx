import type { ReactNode } from "react";
import { useDisclosureDismiss } from "./use-disclosure-dismiss";
import * as css from "./disclosure-menu.css";

/**
 * An entry's actions behind one button (issue 31: not five buttons on each line). A native
 * disclosure, so its forms post without JavaScript; the panel stays inside the viewport.
 */
export function DisclosureMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useDisclosureDismiss();
  return (
    <details ref={ref} className={css.menu}>
      <summary className={css.summary} aria-label={label} title={label}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className={css.panel}>{children}</div>
    </details>
  );
}
