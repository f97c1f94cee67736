import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { env } from "~/utils/env.server";
import { pendingSignupCount } from "~/models/signup/signup.server";
import { LINKS } from "~/utils/links";
import {
  accountDecision,
  browseDecision,
  capabilitiesOf,
  isOwnAccount,
  peopleDirectoryDecision,
  siteDecision,
} from "~/models/access/access.server";
import type { Capability } from "~/models/group/group.schema";
import { sharingRights, type SharingRights } from "~/models/access/album-access.server";
import { ARCHIVES_SEARCH_URL } from "~/models/collection/collection-list.server";
import type { SiteSettings } from "~/models/site/site.schema";
import type { Viewer } from "~/models/user/user.schema";

/*
 * The API entry points, in the reference's keys (APIDescriptor, FullAPIDescriptor). A link is
 * listed exactly when its endpoint answers this viewer: each is decided by the access module's
 * rule that its endpoint enforces, so an integrator following a link never meets a 401, 403 or
 * 404, and never misses a link that would have answered. Later features add their links here.
 */

export const PUBLIC_DESCRIPTOR_TYPE = "application/vnd.fotoware.api-descriptor+json";
export const FULL_DESCRIPTOR_TYPE = "application/vnd.fotoware.full-api-descriptor+json";

export { LINKS };

function utcOffsetMinutes() {
  return -new Date().getTimezoneOffset();
}

/** The links every viewer who may browse gets: the archives, searching, renditions, taxonomies. */
function browsingLinks(archives: string) {
  return {
    archives,
    searchURL: ARCHIVES_SEARCH_URL,
    // The taxonomy reads answer whoever may browse (taxonomyReader).
    taxonomies: LINKS.apiTaxonomies,
    services: { search: LINKS.searchService, rendition_request: LINKS.renditionService },
  };
}

/**
 * The public entry point, for `browsing`: whoever the request browses as (the signed-in user, or
 * the guest while the site allows guests, or null).
 */
export function publicDescriptor(settings: SiteSettings, browsing: Viewer | null) {
  const browse = browseDecision(browsing).allowed ? browsingLinks(LINKS.archives) : null;
  // A signed-in person asking the public entry point polls their own tasks there too.
  const tasks = browsing !== null && accountDecision(browsing, "BackgroundTasks").allowed;
  return {
    href: LINKS.publicEntry,
    server: settings.siteName,
    utc_offset: utcOffsetMinutes(),
    ...(browse
      ? {
          archives: browse.archives,
          searchURL: browse.searchURL,
          taxonomies: browse.taxonomies,
          // The public albums list answers whoever may browse (decision 052).
          albums: LINKS.albums,
        }
      : {}),
    ...(tasks ? { background_tasks: LINKS.backgroundTasks } : {}),
    services: { login: LINKS.login, ...browse?.services },
  };
}

/* The people links (issue 15, decision 035), each only for the holder of its capability. */

export interface PeopleLinks {
  users?: string;
  groups?: string;
  signups?: string;
  userManagement?: {
    userList?: string;
    groupList?: string;
    everyoneGroup?: string;
    registeredUsersGroup?: string;
    guestUser?: string;
    siteOwner?: string;
  };
  views: { manageInvitations?: string; createInvitations?: string };
}

export function peopleLinks(capabilities: ReadonlySet<Capability>): PeopleLinks {
  const manage = capabilities.has("manageUsers");
  const users = manage;
  const groups = manage;
  const invite = capabilities.has("inviteUsers");
  return {
    ...(users ? { users: LINKS.apiUsers } : {}),
    ...(groups ? { groups: LINKS.apiGroups } : {}),
    ...(capabilities.has("approvePendingSignups") ? { signups: LINKS.apiSignups } : {}),
    ...(users || groups
      ? {
          userManagement: {
            ...(users
              ? {
                  userList: LINKS.apiUsers,
                  guestUser: `${LINKS.apiUsers}/${GUEST_USER_ID}`,
                  siteOwner: LINKS.apiSiteOwner,
                }
              : {}),
            ...(groups
              ? {
                  groupList: LINKS.apiGroups,
                  everyoneGroup: `${LINKS.apiGroups}/${EVERYONE_GROUP_ID}`,
                  registeredUsersGroup: `${LINKS.apiGroups}/${REGISTERED_USERS_GROUP_ID}`,
                }
              : {}),
          },
        }
      : {}),
    views: invite
      ? { manageInvitations: LINKS.adminInvitations, createInvitations: LINKS.adminInvite }
      : {},
  };
}

/*
 * Albums (issue 18, decision 052): the lists answer every signed-in person (the guest is refused
 * them), and the flags are the group flags as sharingRights reads them. addAssets: adding to one's
 * own albums comes with creating them; a contributor's shared albums are in albums_contribute.
 */
export function albumLinks(viewer: Viewer) {
  if (!isOwnAccount(viewer)) return {};
  return {
    albums: LINKS.apiAlbums,
    albums_own: LINKS.apiAlbumsOwn,
    albums_shared: LINKS.apiAlbumsShared,
    albums_archived: LINKS.apiAlbumsArchived,
    albums_deleted: LINKS.apiAlbumsDeleted,
    albums_contribute: LINKS.apiAlbumsContribute,
  };
}

/** permissions.albums: the reference's AlbumPermissions, and addAssets of the descriptor. */
export function albumPermissions(rights: SharingRights) {
  return {
    create: rights.create,
    comment: rights.comment,
    shareWithGuests: rights.shareWithGuests,
    showOnHomepage: rights.showOnHomepage,
    addAssets: rights.create,
    shareWithUsers: rights.shareWithUsers,
    shareWithGroups: rights.shareWithGroups,
    restrictToFriends: rights.restrictToFriends,
    delegateDownloads: rights.delegateDownloads,
  };
}

export async function fullDescriptor(settings: SiteSettings, viewer: Viewer) {
  const capabilities = await capabilitiesOf(viewer);
  const has = (capability: Capability) => capabilities.has(capability);
  const manageSettings = (await siteDecision(viewer, "ManageSettings")).allowed;
  const own = (action: Parameters<typeof accountDecision>[1]) =>
    accountDecision(viewer, action).allowed;
  const browse = browsingLinks(LINKS.privateArchives);
  const people = peopleLinks(capabilities);
  const upload = own("UploadTargets") && has("uploadToUploadArea");
  const albumRights = await sharingRights(viewer);
  const tasks = own("BackgroundTasks");
  const directory = (await peopleDirectoryDecision(viewer)).allowed;
  return {
    href: LINKS.privateEntry,
    server: settings.siteName,
    utc_offset: utcOffsetMinutes(),
    user: {
      userId: viewer.id,
      userName: viewer.username,
      fullName: viewer.fullName,
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      email: viewer.email,
      isGuest: viewer.isGuest,
      isForcePasswordChangeSet: viewer.forcePasswordChange,
      // The user's own record answers those who manage users; others are not given the link.
      ...(people.users ? { href: `${LINKS.apiUsers}/${viewer.id}` } : {}),
    },
    permissions: {
      hasManageArchivesPermission: has("manageArchives"),
      hasManageSettingsPermission: manageSettings,
      hasManageServicesPermission: has("manageServices"),
      hasAuditPermission: has("audit"),
      // Workflows do not exist yet: no descriptor offers them, whatever the flag says.
      hasManageWorkflowsPermission: false,
      // The manageTaxonomies capability (organize-access's mayEditTaxonomies, decision 059).
      allowTaxonomyEditing: has("manageTaxonomies") && isOwnAccount(viewer),
      // Whether the viewer may share an album with download rights (the reference's name).
      delegateDownload: albumRights.delegateDownloads,
      albums: albumPermissions(albumRights),
    },
    archives: browse.archives,
    ...albumLinks(viewer),
    searchURL: browse.searchURL,
    taxonomies: browse.taxonomies,
    ...(tasks
      ? { background_tasks: LINKS.backgroundTasks, copy_to: LINKS.copyTo, move_to: LINKS.moveTo }
      : {}),
    // Whom an album may be shared with, for every own account (decision 051).
    // A template: the search needs its q (the reference's /fotoweb/me/people/ requires it).
    ...(isOwnAccount(viewer) ? { people_search: `${LINKS.apiPeople}{?q}` } : {}),
    ...(directory
      ? { users_search: LINKS.apiUsersPublic, groups_search: LINKS.apiGroupsPublic }
      : {}),
    ...(own("Pins") ? { pins: LINKS.pins } : {}),
    // A person's alerts answer for every signed-in account (decision 062); the guest keeps none.
    ...(isOwnAccount(viewer) ? { alerts: LINKS.alerts } : {}),
    ...(upload ? { upload_to: LINKS.uploadTo } : {}),
    ...(own("Preferences") ? { user_preferences: LINKS.userPreferences } : {}),
    ...(manageSettings ? { siteConfigurationHref: LINKS.management } : {}),
    ...(people.users ? { users: people.users } : {}),
    ...(people.groups ? { groups: people.groups } : {}),
    ...(people.signups ? { signups: people.signups } : {}),
    ...(people.userManagement ? { userManagement: people.userManagement } : {}),
    services: {
      ...browse.services,
      logout: LINKS.logoutService,
      keepalive: { href: LINKS.keepalive, interval: env().KEEPALIVE_SECONDS },
    },
    views: {
      loggedOut: LINKS.login,
      ...(own("ChangePassword") ? { changePassword: LINKS.changePassword } : {}),
      ...(upload ? { upload: LINKS.upload } : {}),
      ...people.views,
    },
    security: { allowFileSystemDestinations: false },
    darkMode: { site: settings.darkModeEnabled, user: viewer.preferences.intranet.interfaceStyle },
  };
}

export interface ToolEntry {
  id:
    | "createInvitations"
    | "manageInvitations"
    | "signups"
    | "people"
    | "archives"
    | "taxonomies"
    | "site";
  href: string;
  /** A pending count shown as a badge (sign-ups waiting), when above 0. */
  count?: number;
}

/**
 * The tools menu (spec 002 "Tools menu"): an entry exactly where the full descriptor offers its
 * link to this viewer, so a capability not yet built, or not held, shows nothing. null when no
 * entry remains (the menu is hidden then). The badge is the sum of the pending counts.
 */
export async function toolsMenu(
  viewer: Viewer,
): Promise<{ entries: ToolEntry[]; badge: number } | null> {
  if (!isOwnAccount(viewer)) return null;
  const capabilities = await capabilitiesOf(viewer);
  const people = peopleLinks(capabilities);
  const entries: ToolEntry[] = [];
  if (people.views.createInvitations)
    entries.push({ id: "createInvitations", href: LINKS.adminInvite });
  if (people.views.manageInvitations)
    entries.push({
      id: "manageInvitations",
      href: LINKS.adminInvitations,
    });
  if (people.signups)
    entries.push({
      id: "signups",
      href: LINKS.adminSignups,
      count: await pendingSignupCount(),
    });
  if (people.users || people.groups)
    entries.push({
      id: "people",
      href: people.users ? LINKS.adminUsers : LINKS.adminGroups,
    });
  // The descriptor's permissions.hasManageArchivesPermission (issue 16, decision 043).
  if (capabilities.has("manageArchives"))
    entries.push({ id: "archives", href: LINKS.adminArchives });
  // permissions.allowTaxonomyEditing (issue 19, decision 059).
  if (capabilities.has("manageTaxonomies"))
    entries.push({ id: "taxonomies", href: LINKS.adminTaxonomies });
  if ((await siteDecision(viewer, "ManageSettings")).allowed)
    entries.push({ id: "site", href: LINKS.management });
  if (entries.length === 0) return null;
  return { entries, badge: entries.reduce((sum, e) => sum + (e.count ?? 0), 0) };
}
