import { Link } from "@remix-run/react";
import { LINKS } from "~/utils/links";
import * as css from "./people-tabs.css";

/*
 * The users and groups tabs of spec 002's "Manage users and groups" modal: without JavaScript
 * the modal is two pages, and these links move between them.
 */
export function PeopleTabs({ current }: { current: "users" | "groups" }) {
  return (
    <nav aria-label="Users and groups" className={css.tabs}>
      <Link
        to={LINKS.adminUsers}
        className={css.tab}
        aria-current={current === "users" ? "page" : undefined}
      >
        Users
      </Link>
      <Link
        to={LINKS.adminGroups}
        className={css.tab}
        aria-current={current === "groups" ? "page" : undefined}
      >
        Groups
      </Link>
    </nav>
  );
}
