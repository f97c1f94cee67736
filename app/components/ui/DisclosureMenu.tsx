import { useRef, type ReactNode } from "react";
import { useDetailsDismiss } from "./use-details-dismiss";
import * as css from "./disclosure-menu.css";

/**
 * An entry's actions behind one button (issue 31: not five buttons on each line). A native
 * disclosure, so its forms post without JavaScript; the panel stays inside the viewport.
 */
export function DisclosureMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);
  return (
    <details ref={ref} className={css.menu}>
      <summary className={css.summary} aria-label={label} title={label}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className={css.panel}>{children}</div>
    </details>
  );
}
