import "~/components/shell/shell-bundle";
import type { MetaFunction } from "@remix-run/node";
import { CollectionsEmpty } from "~/components/collection/CollectionsEmpty";

export const meta: MetaFunction = () => [{ title: "Albums | Arkiv" }];

/* Albums arrive with their own issue; until then there are none to list. */
export default function Albums() {
  return <CollectionsEmpty heading="Albums" />;
}
