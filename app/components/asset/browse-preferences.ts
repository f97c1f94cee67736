import { useFetchers, useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "~/http/shell.server";
import type { ThumbnailSize } from "~/models/user/thumbnail-size";
import { LINKS } from "~/utils/links";

export interface BrowsePreferences {
  thumbnailSize: ThumbnailSize;
  navigationPaneOpen: boolean;
  /** Signed-in people keep their choice; a guest's controls would have nowhere to save it. */
  canSave: boolean;
}

const DEFAULTS: BrowsePreferences = {
  thumbnailSize: "medium",
  navigationPaneOpen: true,
  canSave: false,
};

/**
 * The grid's size and the pane's state (decision 089): the shell's saved values, overridden by a
 * change on its way to the server, so the page follows a click at once.
 */
export function useBrowsePreferences(): BrowsePreferences {
  const saved = useRouteLoaderData<ShellData>("root")?.browse ?? DEFAULTS;
  const pending = useFetchers().filter((f) => f.formAction === LINKS.browseSettings);
  let { thumbnailSize, navigationPaneOpen } = saved;
  for (const fetcher of pending) {
    const size = fetcher.formData?.get("thumbnailSize");
    if (size === "small" || size === "medium" || size === "large") thumbnailSize = size;
    const pane = fetcher.formData?.get("navigationPane");
    if (pane === "open" || pane === "closed") navigationPaneOpen = pane === "open";
  }
  return { thumbnailSize, navigationPaneOpen, canSave: saved.canSave };
}
