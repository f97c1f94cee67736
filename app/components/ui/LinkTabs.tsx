import { Link } from "@remix-run/react";
import * as css from "~/components/people/people-tabs.css";

export interface LinkTab {
  id: string;
  label: string;
  to: string;
}

/**
 * Tabs that are links between pages (a modal of the spec becomes pages without JavaScript): the
 * current one marked aria-current="page".
 */
export function LinkTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly LinkTab[];
  current: string;
}) {
  return (
    <nav aria-label={label} className={css.tabs}>
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={t.to}
          className={css.tab}
          aria-current={current === t.id ? "page" : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
