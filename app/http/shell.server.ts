import { uploadTargets } from "~/models/archive/archive.server";
import { bannerFor } from "./cookie-consent.server";
import { getSiteSettings } from "~/models/site/site.server";
import { themeFor } from "~/models/user/theme";
import { env } from "~/utils/env.server";
import { isSecureRequest } from "./http.server";
import { LINKS } from "~/utils/links";
import { getViewer } from "./session.server";
import { readToast } from "./toast.server";

/** Everything the page shell (header, footer, banner, theme, toasts) needs for one request. */
export async function loadShell(request: Request) {
  const [settings, viewer, pending] = await Promise.all([
    getSiteSettings(),
    getViewer(request),
    readToast(request),
  ]);
  const signedIn = viewer !== null && !viewer.isGuest;
  // The header's Upload control shows only with somewhere to upload to (spec 002 §6).
  const targets = signedIn ? await uploadTargets(viewer) : [];
  return {
    data: {
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
      darkModeAvailable: settings.darkModeEnabled && signedIn,
      theme: themeFor(
        settings.darkModeEnabled,
        signedIn ? viewer.preferences.intranet.interfaceStyle : null,
      ),
      cookieBanner: signedIn ? null : await bannerFor(request, settings),
      upload:
        targets.length > 0
          ? {
              targets: targets.map((a) => ({ id: a.id, name: a.name, href: a.href })),
              maxBytes: env().MAX_UPLOAD_BYTES,
            }
          : null,
      keepalive: signedIn ? { href: LINKS.keepalive, interval: env().KEEPALIVE_SECONDS } : null,
      toast: pending.toast,
      insecure: !isSecureRequest(request),
      mustChangePassword: viewer?.forcePasswordChange ?? false,
    },
    setCookie: pending.setCookie,
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>["data"];
