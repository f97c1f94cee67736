import type { GroupActions } from "~/models/access/access.server";
import { licenseLevelName, licenseModeName } from "~/models/user/license";
import { LINKS } from "~/utils/links";
import type { Group, MemberUser } from "./group.server";

/*
 * What the API and the pages show of a group (the reference's Group, with the hrefs and action
 * flags spec 002 §3 names beside its keys) and of a member user (the reference's User).
 */

export const groupHref = (id: number) => `${LINKS.apiGroups}/${id}`;
export const userHref = (id: number) => `${LINKS.apiUsers}/${id}`;
export const groupEditorPath = (id: number) => `${LINKS.adminGroups}/${id}`;

/** The id in a group href (/fotoweb/api/groups/{id}), or null. */
export function groupIdOfHref(href: string): number | null {
  const match = /^\/fotoweb\/api\/groups\/(\d{1,9})\/?$/.exec(href.trim());
  return match ? Number(match[1]) : null;
}

/** The id in a user href (/fotoweb/api/users/{id}), or null. */
export function userIdOfHref(href: string): number | null {
  const match = /^\/fotoweb\/api\/users\/(\d{1,9})\/?$/.exec(href.trim());
  return match ? Number(match[1]) : null;
}

export function groupView(group: Group, actions: GroupActions) {
  const href = groupHref(group.id);
  return {
    id: group.id,
    href,
    name: group.name,
    description: group.description,
    samlGroupName: group.samlGroupName,
    isEveryone: group.isEveryone,
    isRegisteredUsers: group.isRegisteredUsers,
    isBuiltIn: group.isBuiltIn,
    created: group.createdAt,
    modified: group.updatedAt ?? group.createdAt,
    revision: group.revision,
    license: {
      level: licenseLevelName(group.licenseLevel),
      mode: licenseModeName(group.licenseMode),
    },
    permissions: group.permissions,
    properties: group.properties,
    externalIds: group.externalIds,
    userMembersHref: `${href}/users`,
    groupMembersHref: `${href}/groups`,
    memberOfHref: `${href}/member-of`,
    actions,
  };
}
export type GroupView = ReturnType<typeof groupView>;

/** A member user as the reference's User, only what a member list needs filled in. */
export function memberUserView(user: MemberUser) {
  return {
    id: user.id,
    href: userHref(user.id),
    username: user.username,
    fullName: user.fullName,
    isGuest: user.isGuest,
    isBuiltIn: user.isGuest,
    created: user.createdAt,
    modified: user.updatedAt ?? user.createdAt,
    revision: user.revision,
    address: {
      givenName: user.firstName,
      surname: user.lastName,
      email: user.email,
      organization: user.organization,
      streetAddress: [] as string[],
    },
    license: {
      level: licenseLevelName(user.licenseLevel),
      mode: licenseModeName(user.licenseMode),
    },
    commerce: {},
    account: {
      isEnabled: user.isEnabled,
      ...(user.expiresAt ? { expires: user.expiresAt } : {}),
      ...(user.lastLoginAt ? { lastLoginDate: user.lastLoginAt } : {}),
      externalIds: [] as { provider: string; id: string }[],
    },
    permissions: { isSiteOwner: user.isSiteOwner },
    properties: [] as { key: string; value: string }[],
  };
}

/** The groups list's paging links (spec 002 §3 list responses: first, prev, next, last). */
export function pagingLinks(
  base: string,
  params: URLSearchParams,
  page: number,
  pages: number,
): { first: string; prev: string | null; next: string | null; last: string } {
  const at = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 0) next.delete("p");
    else next.set("p", String(p));
    const query = next.toString();
    return query ? `${base}?${query}` : base;
  };
  return {
    first: at(0),
    prev: page > 0 ? at(page - 1) : null,
    next: page < pages - 1 ? at(page + 1) : null,
    last: at(pages - 1),
  };
}
