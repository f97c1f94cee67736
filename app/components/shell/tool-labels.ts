import type { Translate } from "~/components/locale/locale-context";
import type { ToolEntry } from "~/models/descriptor/descriptor.server";
import type { MessageId } from "~/models/locale/message-id";

const LABELS = {
  createInvitations: "common.tools.createInvitations",
  manageInvitations: "common.tools.manageInvitations",
  signups: "common.tools.signups",
  people: "common.tools.people",
  archives: "common.tools.archives",
  taxonomies: "common.tools.taxonomies",
  site: "common.tools.site",
} as const satisfies Record<ToolEntry["id"], MessageId>;

/** A tools menu entry as the menu shows it: its name, and its pending count when there is one. */
export function toolLabel(t: Translate, entry: ToolEntry) {
  return entry.count
    ? t("common.tools.withCount", { label: t(LABELS[entry.id]), count: entry.count })
    : t(LABELS[entry.id]);
}
