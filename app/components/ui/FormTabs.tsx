import type { ReactNode } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components/Tabs";
import { useHydrated } from "~/utils/use-hydrated";
import * as css from "./form-tabs.css";

/** One part of a large form: [id, label, content]. */
export type FormSection<T extends string> = [T, string, ReactNode];

/**
 * The parts of one large form (the user editor, the archive dialog). With JavaScript they are
 * react-aria Tabs whose panels all stay mounted, so the whole form posts whichever tab is shown;
 * without it they are sections of the same form, one after another, each under its heading.
 * A part named in `marked` (one with errors) says so on its tab.
 */
export function FormTabs<T extends string>({
  sections,
  selected,
  onSelect,
  label,
  idPrefix,
  panelClassName,
  marked = () => false,
}: {
  sections: FormSection<T>[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  idPrefix: string;
  panelClassName?: string;
  marked?: (id: T) => boolean;
}) {
  const hydrated = useHydrated();
  if (!hydrated)
    return sections.map(([id, title, content]) => (
      <section key={id} aria-labelledby={`${idPrefix}-${id}`} className={panelClassName}>
        <h2 id={`${idPrefix}-${id}`}>{title}</h2>
        {content}
      </section>
    ));
  return (
    <Tabs selectedKey={selected} onSelectionChange={(key) => onSelect(key as T)}>
      <TabList aria-label={label} className={css.tabList}>
        {sections.map(([id, title]) => (
          <Tab key={id} id={id} className={css.tab} data-marked={marked(id) || undefined}>
            {marked(id) ? `${title} (has errors)` : title}
          </Tab>
        ))}
      </TabList>
      {sections.map(([id, , content]) => (
        <TabPanel
          key={id}
          id={id}
          shouldForceMount
          className={panelClassName ? `${css.panel} ${panelClassName}` : css.panel}
        >
          {content}
        </TabPanel>
      ))}
    </Tabs>
  );
}
