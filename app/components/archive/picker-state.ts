import type { DirectoryGroup, DirectoryUser } from "~/models/group/directory.schema";
import { LINKS } from "~/utils/links";

/*
 * The add-member dialog's state rules, apart from React so they are tested as plain functions:
 * the directory address a search asks, the rows as members, and the selection kept across
 * searches, pages and the two tabs.
 */

export type MemberKind = "user" | "group";

/** A chosen member, named as the archive's MemberList names its fields. */
export interface PickedMember {
  Id: number;
  MemberType: MemberKind;
  Name: string;
  Description: string;
}

export interface MemberRef {
  type: MemberKind;
  id: number;
}

export interface DirectoryOptions {
  disableGuest?: boolean;
  disableRegisteredUsers?: boolean;
}

export const memberKey = (type: MemberKind, id: number) => `${type}:${id}`;

/** The first page of the directory for a search text. */
export function directoryUrl(kind: MemberKind, q: string, options: DirectoryOptions): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (options.disableGuest) params.set("disableGuest", "true");
  if (options.disableRegisteredUsers) params.set("disableRegisteredUsers", "true");
  const base = kind === "user" ? LINKS.apiUsersPublic : LINKS.apiGroupsPublic;
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

export function pickedOf(kind: "user", row: DirectoryUser): PickedMember;
export function pickedOf(kind: "group", row: DirectoryGroup): PickedMember;
export function pickedOf(kind: MemberKind, row: DirectoryUser | DirectoryGroup): PickedMember {
  const organization = "organization" in row ? row.organization : "";
  return {
    Id: row.id,
    MemberType: kind,
    Name: row.displayName,
    Description: row.description || organization,
  };
}

/**
 * The selection after the grid of one page changed: rows of that page are chosen exactly when
 * their key is selected; what was chosen on other pages, searches or tabs stays. Rows already
 * in the access list are never chosen.
 */
export function applyPageSelection(
  chosen: ReadonlyMap<string, PickedMember>,
  page: readonly PickedMember[],
  selectedKeys: ReadonlySet<string> | "all",
  excluded: ReadonlySet<string>,
): Map<string, PickedMember> {
  const next = new Map(chosen);
  for (const member of page) {
    const key = memberKey(member.MemberType, member.Id);
    const on = selectedKeys === "all" || selectedKeys.has(key);
    if (on && !excluded.has(key)) next.set(key, member);
    else next.delete(key);
  }
  return next;
}

export const excludedKeys = (exclude: readonly MemberRef[] = []) =>
  new Set(exclude.map((m) => memberKey(m.type, m.id)));

/** The paging addresses the directory gives are same-origin paths; anything else is ignored. */
export function safePagingUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  return href.startsWith(LINKS.apiUsersPublic) || href.startsWith(LINKS.apiGroupsPublic)
    ? href
    : null;
}

/** "1 user", "25 groups": the total the paging shows. */
export const countLabel = (count: number, kind: MemberKind) =>
  `${count} ${kind}${count === 1 ? "" : "s"}`;

/** The 1-based page number of a directory address (its p parameter is 0-based). */
export function pageNumberOf(href: string): number {
  const p = Number(new URL(href, "http://directory.invalid").searchParams.get("p") ?? "0");
  return Number.isSafeInteger(p) && p >= 0 ? p + 1 : 1;
}
