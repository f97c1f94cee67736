import { LinkTabs } from "~/components/ui/LinkTabs";
import { LINKS } from "~/utils/links";

/*
 * The users and groups tabs of spec 002's "Manage users and groups" modal: without JavaScript
 * the modal is two pages, and these links move between them.
 */
export function PeopleTabs({ current }: { current: "users" | "groups" }) {
  return (
    <LinkTabs
      label="Users and groups"
      current={current}
      tabs={[
        { id: "users", label: "Users", to: LINKS.adminUsers },
        { id: "groups", label: "Groups", to: LINKS.adminGroups },
      ]}
    />
  );
}
