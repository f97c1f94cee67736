import { browsePreferences } from "~/models/user/user.schema";
import { uploadLimitsOf } from "~/models/upload/upload.schema";
import { isOwnAccount, uploadTargets } from "~/models/access/access.server";
import { toolsMenu } from "~/models/descriptor/descriptor.server";
import { alertArchives } from "~/models/access/organize-access.server";
import { runningTasks } from "~/models/background-task/background-task.server";
import { themeFor } from "~/models/user/theme";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";
import { LINKS } from "~/utils/links";
import type { SiteSettings } from "./site.schema";

/*
 * What the page shell shows a viewer, by the site's rules: dark mode and the keepalive only for
 * someone signed in, the Upload control only with somewhere to upload to (spec 002 §6), the
 * cookie banner never to someone signed in. What comes from the request (the banner's cookie, the
 * toast, the connection) app/http passes in.
 */
export async function shellFor<Banner>(
  settings: SiteSettings,
  viewer: Viewer | null,
  fromRequest: { banner: () => Promise<Banner>; insecure: boolean },
) {
  const signedIn = isOwnAccount(viewer);
  const [targets, tools, alertable, running] = signedIn
    ? await Promise.all([
        uploadTargets(viewer),
        toolsMenu(viewer),
        alertArchives(viewer),
        runningTasks(viewer.id),
      ])
    : [[], null, [], null];
  return {
    siteName: settings.siteName,
    viewer: viewer && {
      id: viewer.id,
      username: viewer.username,
      fullName: viewer.fullName,
      isGuest: viewer.isGuest,
      isSiteOwner: viewer.isSiteOwner,
      interfaceStyle: viewer.preferences.intranet.interfaceStyle,
      enableRetinaThumbnails: viewer.preferences.intranet.enableRetinaThumbnails,
    },
    // The grid pages' remembered look (decision 089); a guest's is the default, and unsaved.
    browse: { ...browsePreferences(viewer), canSave: signedIn },
    darkModeAvailable: settings.darkModeEnabled && signedIn,
    theme: themeFor(
      settings.darkModeEnabled,
      signedIn ? viewer.preferences.intranet.interfaceStyle : null,
    ),
    cookieBanner: signedIn ? null : await fromRequest.banner(),
    upload:
      targets.length > 0
        ? {
            targets: targets.map((a) => ({
              id: a.id,
              name: a.name,
              href: a.href,
              limits: uploadLimitsOf(a.config),
            })),
            maxBytes: env().MAX_UPLOAD_BYTES,
          }
        : null,
    tools,
    // The alerts menu: only while some archive grants this person Alert (spec 000 §5).
    alerts: alertable.length > 0,
    // The header's running-work indicator (decision 090): their tasks not yet finished.
    running,
    keepalive: signedIn ? { href: LINKS.keepalive, interval: env().KEEPALIVE_SECONDS } : null,
    insecure: fromRequest.insecure,
    mustChangePassword: viewer?.forcePasswordChange ?? false,
  };
}
