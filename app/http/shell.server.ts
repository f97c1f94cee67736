import { bannerFor } from "./cookie-consent.server";
import { getSiteSettings } from "~/models/site/site.server";
import { shellFor } from "~/models/site/shell.server";
import { isSecureRequest } from "./http.server";
import { getViewer } from "./session.server";
import { readToast } from "./toast.server";

/** Everything the page shell (header, footer, banner, theme, toasts) needs for one request. */
export async function loadShell(request: Request) {
  const [settings, viewer, pending] = await Promise.all([
    getSiteSettings(),
    getViewer(request),
    readToast(request),
  ]);
  const shell = await shellFor(settings, viewer, {
    banner: () => bannerFor(request, settings),
    insecure: !isSecureRequest(request),
  });
  return { data: { ...shell, toast: pending.toast }, setCookie: pending.setCookie };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>["data"];
