import type { GroupRow } from "~/db/schema";
import type { UserActions } from "~/models/access/access.server";
import { parseGroupPermissions } from "~/models/group/group.schema";
import { licenseLevelName, licenseModeName } from "./license";
import {
  PAYMENT_METHODS,
  userHrefOf,
  type PaymentMethod,
  type UserRecord,
} from "./user-admin.schema";
import { readList } from "~/db/json-column";

/*
 * What the API shows of a person (reference User, decision 034), with the keys the spec's client
 * reads beside it: href, actions, deviceTokensHref, isMemberOfRegisteredUsers, isSiteOwner and
 * company. Never the password hash: `account.hasPassword` says whether there is one.
 */

const paymentName = (code: number): PaymentMethod =>
  (Object.entries(PAYMENT_METHODS).find(([, v]) => v === code)?.[0] as PaymentMethod) ?? "NoCharge";

export const deviceTokensHrefOf = (id: number) => `${userHrefOf(id)}/device-tokens`;

export function userApiView(record: UserRecord, actions: UserActions) {
  const a = record.address;
  return {
    id: record.id,
    href: userHrefOf(record.id),
    created: record.created,
    ...(record.modified ? { modified: record.modified } : {}),
    revision: record.revision,
    username: record.username,
    description: record.description,
    fullName: record.fullName,
    company: record.organization,
    address: {
      title: a.title,
      givenName: record.firstName,
      middleName: a.middleName,
      surname: record.lastName,
      organization: record.organization,
      email: record.email,
      profession: a.profession,
      businessType: a.businessType,
      streetAddress: a.streetAddress,
      city: a.city,
      state: a.state,
      zipCode: a.zipCode,
      country: a.country,
      phone: a.phone,
      fax: a.fax,
      homepage: a.homepage,
    },
    license: {
      level: licenseLevelName(record.licenseLevel),
      mode: licenseModeName(record.licenseMode),
    },
    commerce: {
      accountId: record.commerce.accountId,
      paymentMethod: paymentName(record.commerce.paymentMethod),
      category: record.commerce.category,
      discount: record.commerce.discount,
    },
    account: {
      hasPassword: record.hasPassword,
      forcePasswordChange: record.forcePasswordChange,
      allowPasswordChange: !record.isGuest,
      ...(record.lastLoginDate ? { lastLoginDate: record.lastLoginDate } : {}),
      ...(record.expires ? { expires: record.expires } : {}),
      isEnabled: record.isEnabled,
      externalIds: record.externalIds,
      isSsoUser: record.externalIds.length > 0,
    },
    permissions: { isSiteOwner: record.isSiteOwner },
    isSiteOwner: record.isSiteOwner,
    properties: record.properties,
    isGuest: record.isGuest,
    isBuiltInAdministrator: false,
    isBuiltIn: record.isGuest,
    isMemberOfRegisteredUsers: !record.isGuest,
    actions,
    deviceTokensHref: deviceTokensHrefOf(record.id),
  };
}

export type UserApiView = ReturnType<typeof userApiView>;

/** A group as the member-of lists show it (reference Group). */
export function memberGroupView(group: GroupRow) {
  return {
    id: group.id,
    href: `/fotoweb/api/groups/${group.id}`,
    name: group.name,
    description: group.description,
    created: group.created_at,
    license: {
      level: licenseLevelName(group.license_level),
      mode: licenseModeName(group.license_mode),
    },
    permissions: parseGroupPermissions(group.permissions),
    properties: readList(group.properties),
    externalIds: readList(group.external_ids),
    isEveryone: group.id === 10000,
    isRegisteredUsers: group.id === 10001,
    isBuiltIn: group.id === 10000 || group.id === 10001,
  };
}

/** One row of the users grid, for the page (plain data, no functions). */
export function userRowView(record: UserRecord, actions: UserActions) {
  return {
    id: record.id,
    username: record.username,
    firstName: record.firstName,
    lastName: record.lastName,
    fullName: record.fullName,
    licenseLevel: licenseLevelName(record.licenseLevel),
    company: record.organization,
    expires: record.expires,
    lastLogin: record.lastLoginDate,
    enabled: record.isEnabled,
    isSiteOwner: record.isSiteOwner,
    isGuest: record.isGuest,
    actions,
  };
}
export type UserRowView = ReturnType<typeof userRowView>;

/** A page of users as the spec's client reads it: {count, data, paging}, hrefs keeping the query. */
export function userListView(page: {
  count: number;
  users: { record: UserRecord; actions: UserActions }[];
  page: number;
  lastPage: number;
  query: { q: string; sortfield: string; sortdir: string; n: number };
}) {
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (page.query.q) params.set("q", page.query.q);
    params.set("sortfield", page.query.sortfield);
    params.set("sortdir", page.query.sortdir);
    params.set("n", String(page.query.n));
    params.set("p", String(p));
    return `/fotoweb/api/users?${params}`;
  };
  return {
    count: page.count,
    data: page.users.map((u) => userApiView(u.record, u.actions)),
    paging: {
      first: href(0),
      prev: page.page > 0 ? href(page.page - 1) : null,
      next: page.page < page.lastPage ? href(page.page + 1) : null,
      last: href(page.lastPage),
    },
  };
}
