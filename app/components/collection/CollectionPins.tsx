import { Form, Link } from "@remix-run/react";
import type { CollectionPins as Pins } from "~/http/pin/collection-pins.server";
import * as css from "~/components/asset/grid.css";
import { Button } from "~/components/ui/Button";
import { visuallyHidden } from "~/styles/global.css";
import * as nav from "./navigation.css";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";

/** The viewer's pinned archives and albums on the pins page, each with its unpin form. */
export function CollectionPins({ pins }: { pins: Pins }) {
  const t = useT();
  const entries = [
    ...pins.archives.map((p) => ({
      ...p,
      kind: t("grid.collectionPins.archive"),
      intent: "unpin-archive",
    })),
    ...pins.albums.map((p) => ({
      ...p,
      kind: t("grid.collectionPins.album"),
      intent: "unpin-album",
    })),
  ];
  if (entries.length === 0) return null;
  return (
    <nav aria-labelledby="collection-pins-heading" data-testid="collection-pins">
      <h2 id="collection-pins-heading" className={css.navHeading}>
        {t("grid.collectionPins.heading")}
      </h2>
      <ul className={nav.list}>
        {entries.map((pin) => (
          <li key={`${pin.intent}:${pin.href}`} className={nav.entry}>
            <Link to={pin.href}>{pin.name}</Link>
            <span className={nav.muted}>{pin.kind}</span>
            <Form method="post" className={nav.inline}>
              <input type="hidden" name="intent" value={pin.intent} />
              <input type="hidden" name="href" value={pin.href} />
              <Button type="submit" variant="secondary" className={nav.small}>
                <Msg
                  id="grid.collectionPins.unpin"
                  values={{ name: pin.name }}
                  components={{ 0: <span className={visuallyHidden} /> }}
                />
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </nav>
  );
}
