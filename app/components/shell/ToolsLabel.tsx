import * as css from "./layout.css";

/** The gear and its badge (the sum of the pending counts, shown when above 0). */
export function ToolsLabel({ badge }: { badge: number }) {
  return (
    <>
      <span aria-hidden="true">⚙</span>
      <span>Tools</span>
      {badge > 0 ? (
        <span className={css.badge} data-testid="tools-badge">
          {badge}
        </span>
      ) : null}
    </>
  );
}
