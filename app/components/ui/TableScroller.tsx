import type { ReactNode } from "react";
import * as css from "./table-scroller.css";

/*
 * A table wider than the screen (a phone at 390 px, issue 31) scrolls inside this box instead
 * of widening the page. The box is a named region in the tab order, so that a keyboard user can
 * scroll it even when the table holds nothing focusable (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={css.scroller} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
