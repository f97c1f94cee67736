import type { NavigationPin } from "~/models/smart-folder/navigation.server";
import * as css from "~/components/asset/grid.css";
import { PinForm } from "./NavigationPane";
import * as nav from "./navigation.css";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

/** Where a pin lives, by its kind. */
const KIND_IN = {
  folder: "grid.navPins.folderIn",
  smartFolder: "grid.navPins.smartFolderIn",
  taxonomyItem: "grid.navPins.termIn",
} as const satisfies Record<NavigationPin["kind"], MessageId>;

/** The viewer's folder, smart folder and taxonomy pins on the pins page (decision 061). */
export function NavigationPins({ pins, back }: { pins: NavigationPin[]; back: string }) {
  const t = useT();
  if (pins.length === 0) return null;
  return (
    <nav aria-labelledby="navigation-pins-heading" data-testid="navigation-pins">
      <h2 id="navigation-pins-heading" className={css.navHeading}>
        {t("grid.navPins.heading")}
      </h2>
      <ul className={nav.list}>
        {pins.map((pin) => (
          <li key={`${pin.kind}:${pin.gridHref}`} className={nav.entry}>
            <a href={pin.gridHref}>{pin.name}</a>
            <span className={nav.muted}>{t(KIND_IN[pin.kind], { archive: pin.archiveName })}</span>
            <PinForm
              kind={pin.kind}
              pinKey={pin.key}
              name={pin.name}
              pinned
              back={back}
              archive={pin.archiveHref.split("/").filter(Boolean).pop()}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
