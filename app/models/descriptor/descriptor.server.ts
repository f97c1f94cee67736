import { env } from "~/utils/env.server";
import { LINKS } from "~/utils/links";
import type { SiteSettings } from "~/models/site/site.schema";
import type { Viewer } from "~/models/user/user.schema";

/*
 * The API entry points. Only links to features that exist are listed: an integrator following a
 * link must never meet a 404. Later features add their links here.
 */

export const PUBLIC_DESCRIPTOR_TYPE = "application/vnd.fotoware.api-descriptor+json";
export const FULL_DESCRIPTOR_TYPE = "application/vnd.fotoware.full-api-descriptor+json";

export { LINKS };

function utcOffsetMinutes() {
  return -new Date().getTimezoneOffset();
}

export function publicDescriptor(settings: SiteSettings) {
  return {
    href: LINKS.publicEntry,
    server: settings.siteName,
    utc_offset: utcOffsetMinutes(),
    services: { login: LINKS.login },
  };
}

export function fullDescriptor(settings: SiteSettings, viewer: Viewer) {
  const owner = viewer.isSiteOwner;
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
    },
    permissions: {
      hasManageArchivesPermission: owner,
      hasManageSettingsPermission: owner,
      hasManageServicesPermission: owner,
      hasAuditPermission: owner,
      hasManageWorkflowsPermission: false,
      allowTaxonomyEditing: false,
      albums: {
        create: false,
        comment: false,
        shareWithGuests: false,
        showOnHomepage: false,
        addAssets: false,
      },
    },
    upload_to: LINKS.uploadTo,
    services: {
      logout: LINKS.logout,
      keepalive: { href: LINKS.keepalive, interval: env().KEEPALIVE_SECONDS },
    },
    security: { allowFileSystemDestinations: false },
    darkMode: { site: settings.darkModeEnabled, user: viewer.preferences.intranet.interfaceStyle },
  };
}
