import { Link } from "@remix-run/react";
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import type { TaxonomyItemInfoView } from "~/models/taxonomy/taxonomy.view";
import { visuallyHidden } from "~/styles/global.css";
import * as css from "./taxonomy.css";

/*
 * The taxonomy tree of the administration page (spec 002 "Taxonomy tree"): nested lists whose
 * collapsed nodes open by a link (?open=ids), so it works without JavaScript. With JavaScript a
 * node fetches its children once from the JSON API and opens and closes in place, and the arrow keys move between the items' labels (up, down), open (right) and close or go to the
 * parent (left); Enter follows the focused label, which opens the item's edit form.
 */

export interface TreeNodeView extends TaxonomyItemInfoView {
  children: TreeNodeView[] | null;
  moreChildren: number;
}

export interface TreeLinks {
  /** The page's address with these items open (the rest of the tree's state kept). */
  withOpen(open: number[]): string;
  /** The page's address with this open item showing all its children, not the first page. */
  showAll(id: number): string;
  /** The page's address asking for one of the forms about an item. */
  action(kind: "edit" | "add" | "move" | "delete", id: number): string;
}

/**
 * The tree page's addresses from its state: the open items, those shown whole (?all=) and the
 * search, kept by every link and form about an item.
 */
export function treeLinks(
  here: string,
  state: { open: number[]; all: number[]; q: string },
): { links: TreeLinks; query: (extra: Record<string, string>) => string } {
  const href = (params: URLSearchParams) => `${here}${params.size > 0 ? `?${params}` : ""}`;
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    if (state.open.length > 0) params.set("open", state.open.join(","));
    if (state.q) params.set("q", state.q);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return href(params);
  };
  const tree = (open: number[], all: number[]) => {
    const params = new URLSearchParams();
    if (open.length > 0) params.set("open", open.join(","));
    if (all.length > 0) params.set("all", all.join(","));
    return href(params);
  };
  return {
    query,
    links: {
      withOpen: (open) => tree(open, state.all),
      showAll: (id) => tree(state.open, [...new Set([...state.all, id])]),
      action: (kind, id) => query({ [kind]: String(id) }),
    },
  };
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

const ITEM_LIST = "application/vnd.fotoware.taxonomy-item-list+json";

/** A node's marks, open and closed: drawn shapes, not words. */
const CHEVRON = { open: "▾", closed: "▸" };

interface ChildPage {
  children: TreeNodeView[];
  /** The next page's address in the JSON API, when there is one. */
  next: string | null;
}

/**
 * A page of an item's children through the JSON API (the first, or the one `href` names), for a
 * node opened with JavaScript.
 */
async function fetchChildren(node: TreeNodeView, href = node.href): Promise<ChildPage> {
  const response = await fetch(href, { headers: { Accept: ITEM_LIST } });
  if (!response.ok) throw new Error(`children of ${node.name}: ${response.status}`);
  const list = (await response.json()) as {
    data: TaxonomyItemInfoView[];
    paging: { next?: string | null } | null;
  };
  return {
    children: list.data.map((item) => ({ ...item, children: null, moreChildren: 0 })),
    next: list.paging?.next || null,
  };
}

function Node({ node, open, links }: { node: TreeNodeView; open: number[]; links: TreeLinks }) {
  const t = useT();
  const name = { name: node.name };
  const hidden = { 0: <span className={visuallyHidden} /> };
  // With JavaScript a node fetches its children once and then opens and closes in place.
  const [children, setChildren] = useState<TreeNodeView[] | null>(node.children);
  // A level fetched here pages through the API ("Show more"); one the server sent links to itself
  // with all its children (?all=), which works without JavaScript too.
  const [next, setNext] = useState<string | null>(null);
  const loaded = (page: ChildPage) => {
    setChildren(page.children);
    setNext(page.next);
  };
  const [expanded, setExpanded] = useState(node.children !== null);
  const [failed, setFailed] = useState(false);
  const [seen, setSeen] = useState(node.children);
  if (seen !== node.children) {
    // The page's data came again (after a change): the server's children win; a node opened here
    // stays open and fetches its children anew, as they may have changed.
    setSeen(node.children);
    if (node.children !== null) {
      setChildren(node.children);
      setNext(null);
      setExpanded(true);
    } else if (!expanded) setChildren(null);
    else fetchChildren(node).then(loaded, () => setFailed(true));
  }
  const isOpen = expanded && children !== null;
  const toggle = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (expanded) return setExpanded(false);
    setExpanded(true);
    if (children === null)
      fetchChildren(node).then(loaded, () => {
        setFailed(true);
        setExpanded(false);
      });
  };
  const showMore = () => {
    if (!next) return;
    fetchChildren(node, next).then(
      (page) => {
        setChildren((shown) => [...(shown ?? []), ...page.children]);
        setNext(page.next);
      },
      () => setFailed(true),
    );
  };
  return (
    <li data-item-id={node.id}>
      <div className={css.node}>
        {node.hasChildren ? (
          <Link
            className={css.toggle}
            data-tree-toggle={isOpen ? "open" : "closed"}
            to={links.withOpen(isOpen ? open.filter((o) => o !== node.id) : [...open, node.id])}
            onClick={toggle}
            preventScrollReset
            aria-label={t(isOpen ? "taxonomy.tree.close" : "taxonomy.tree.open", name)}
            aria-expanded={isOpen}
            tabIndex={-1}
          >
            {isOpen ? CHEVRON.open : CHEVRON.closed}
          </Link>
        ) : (
          <span className={css.toggle} aria-hidden="true" />
        )}
        <Link className={css.label} data-tree-label to={links.action("edit", node.id)}>
          {node.name}
        </Link>
        <span className={css.value}>
          {node.value !== node.name ? node.value : ""}
          {node.acl.includes("Set") ? "" : ` ${t("taxonomy.tree.notSelectable")}`}
          {failed ? ` ${t("taxonomy.tree.failed")}` : ""}
        </span>
        <span className={css.actions}>
          <Link className={css.link} to={links.action("add", node.id)}>
            <Msg id="taxonomy.item.addChild" values={name} components={hidden} />
          </Link>
          <Link className={css.link} to={links.action("move", node.id)}>
            <Msg id="taxonomy.item.moveHidden" values={name} components={hidden} />
          </Link>
          <Link className={css.link} to={links.action("delete", node.id)}>
            <Msg id="taxonomy.item.deleteHidden" values={name} components={hidden} />
          </Link>
        </span>
      </div>
      {isOpen ? (
        <ul className={css.branch} aria-label={t("taxonomy.tree.under", name)}>
          {children.map((child) => (
            <Node key={child.id} node={child} open={open} links={links} />
          ))}
          {next ? (
            <li>
              <button type="button" className={css.link} onClick={showMore}>
                <Msg id="taxonomy.tree.showMore" values={name} components={hidden} />
              </button>
            </li>
          ) : node.moreChildren > 0 && children === node.children ? (
            <li>
              <Link className={css.link} to={links.showAll(node.id)} preventScrollReset>
                <Msg
                  id="taxonomy.tree.showAll"
                  values={{ ...name, count: node.moreChildren }}
                  components={hidden}
                />
              </Link>
            </li>
          ) : null}
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
