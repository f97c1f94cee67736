import { LinkTabs } from "~/components/ui/LinkTabs";
import { LINKS } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";

/*
 * The users and groups tabs of spec 002's "Manage users and groups" modal: without JavaScript
 * the modal is two pages, and these links move between them.
 */
export function PeopleTabs({ current }: { current: "users" | "groups" }) {
  const t = useT();
  return (
    <LinkTabs
      label={t("people.tabs.label")}
      current={current}
      tabs={[
        { id: "users", label: t("people.tabs.users"), to: LINKS.adminUsers },
        { id: "groups", label: t("people.tabs.groups"), to: LINKS.adminGroups },
      ]}
    />
  );
}
