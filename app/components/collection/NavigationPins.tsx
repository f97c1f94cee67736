import type { NavigationPin } from "~/models/smart-folder/navigation.server";
import * as css from "~/components/asset/grid.css";
import { PinForm } from "./NavigationPane";
import * as nav from "./navigation.css";

const KIND_LABEL = { folder: "Folder", smartFolder: "Smart folder", taxonomyItem: "Term" };

/** The viewer's folder, smart folder and taxonomy pins on the pins page (decision 061). */
export function NavigationPins({ pins, back }: { pins: NavigationPin[]; back: string }) {
  if (pins.length === 0) return null;
  return (
    <nav aria-labelledby="navigation-pins-heading" data-testid="navigation-pins">
      <h2 id="navigation-pins-heading" className={css.navHeading}>
        Pinned folders and terms
      </h2>
      <ul className={nav.list}>
        {pins.map((pin) => (
          <li key={`${pin.kind}:${pin.gridHref}`} className={nav.entry}>
            <a href={pin.gridHref}>{pin.name}</a>
            <span className={nav.muted}>
              {KIND_LABEL[pin.kind]} in {pin.archiveName}
            </span>
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
