import { Link } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import type { TaxonomyItemInfoView } from "~/models/taxonomy/taxonomy.view";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./taxonomy.css";

/*
 * The taxonomy tree of the administration page (spec 002 "Taxonomy tree"): nested lists whose
 * collapsed nodes open by a link (?open=ids), so it works without JavaScript. With JavaScript the
 * arrow keys move between the items' labels (up, down), open (right) and close or go to the
 * parent (left); Enter follows the focused label, which opens the item's edit form.
 */

export interface TreeNodeView extends TaxonomyItemInfoView {
  children: TreeNodeView[] | null;
  moreChildren: number;
}

export interface TreeLinks {
  /** The page's address with these items open (and any other query kept). */
  withOpen(open: number[]): string;
  /** The page's address asking for one of the forms about an item. */
  action(kind: "edit" | "add" | "move" | "delete", id: number): string;
}

function labels(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-tree-label]")];
}

export function treeKeyDown(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (!target.hasAttribute("data-tree-label")) return;
  const all = labels(event.currentTarget);
  const at = all.indexOf(target);
  const row = target.closest("li");
  const focus = (el: HTMLElement | null | undefined) => {
    if (!el) return;
    event.preventDefault();
    el.focus();
  };
  switch (event.key) {
    case "ArrowDown":
      focus(all[at + 1]);
      break;
    case "ArrowUp":
      focus(all[at - 1]);
      break;
    case "ArrowRight": {
      const toggle = row?.querySelector<HTMLAnchorElement>(":scope > div [data-tree-toggle]");
      if (toggle?.dataset.treeToggle === "closed") {
        event.preventDefault();
        toggle.click();
      } else focus(row?.querySelector<HTMLElement>(":scope > ul [data-tree-label]"));
      break;
    }
    case "ArrowLeft": {
      const toggle = row?.querySelector<HTMLAnchorElement>(":scope > div [data-tree-toggle]");
      if (toggle?.dataset.treeToggle === "open") {
        event.preventDefault();
        toggle.click();
      } else
        focus(row?.parentElement?.closest("li")?.querySelector<HTMLElement>("[data-tree-label]"));
      break;
    }
  }
}

function Node({ node, open, links }: { node: TreeNodeView; open: number[]; links: TreeLinks }) {
  const isOpen = node.children !== null;
  return (
    <li data-item-id={node.id}>
      <div className={css.node}>
        {node.hasChildren ? (
          <Link
            className={css.toggle}
            data-tree-toggle={isOpen ? "open" : "closed"}
            to={links.withOpen(isOpen ? open.filter((o) => o !== node.id) : [...open, node.id])}
            preventScrollReset
            aria-label={`${isOpen ? "Close" : "Open"} ${node.name}`}
            aria-expanded={isOpen}
            tabIndex={-1}
          >
            {isOpen ? "▾" : "▸"}
          </Link>
        ) : (
          <span className={css.toggle} aria-hidden="true" />
        )}
        <Link className={css.label} data-tree-label to={links.action("edit", node.id)}>
          {node.name}
        </Link>
        <span className={css.value}>
          {node.value !== node.name ? node.value : ""}
          {node.acl.includes("Set") ? "" : " (not selectable)"}
        </span>
        <span className={css.actions}>
          <Link className={css.link} to={links.action("add", node.id)}>
            Add child<span className={visuallyHidden}> to {node.name}</span>
          </Link>
          <Link className={css.link} to={links.action("move", node.id)}>
            Move<span className={visuallyHidden}> {node.name}</span>
          </Link>
          <Link className={css.link} to={links.action("delete", node.id)}>
            Delete<span className={visuallyHidden}> {node.name}</span>
          </Link>
        </span>
      </div>
      {node.children ? (
        <ul className={css.branch} aria-label={`Under ${node.name}`}>
          {node.children.map((child) => (
            <Node key={child.id} node={child} open={open} links={links} />
          ))}
          {node.moreChildren > 0 ? <li>… and {node.moreChildren} more</li> : null}
        </ul>
      ) : null}
    </li>
  );
}

export function TaxonomyTree({
  roots,
  open,
  links,
  label,
}: {
  roots: TreeNodeView[];
  open: number[];
  links: TreeLinks;
  label: string;
}) {
  return (
    // The arrow keys move between the links inside (the list itself takes no focus).
    <ul className={css.tree} aria-label={label} onKeyDown={treeKeyDown}>
      {roots.map((node) => (
        <Node key={node.id} node={node} open={open} links={links} />
      ))}
    </ul>
  );
}
