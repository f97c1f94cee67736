import type { ArchiveConfig } from "./archive.schema";

/*
 * What an archive's settings change outside the dialog (decision 043), as pure functions the
 * pages, the API and later issues share: one place to ask whether comments, annotations, crawler
 * indexing and each part of the navigation pane are on. No server imports here.
 */

/** The robots rule of an archive that keeps crawlers out (RobotSettings.AllowIndexing false). */
export const NO_INDEXING = "noindex, nofollow";

/** The robots meta content and X-Robots-Tag of the archive's pages and files; null: allowed. */
export function robotsRule(config: Pick<ArchiveConfig, "RobotSettings">): string | null {
  return config.RobotSettings.AllowIndexing ? null : NO_INDEXING;
}

/**
 * Comments and annotations (SocialSettings): what issue-level features (built-in comments,
 * annotations) ask before they offer anything in this archive. Shares are not built yet.
 */
export function socialFeatures(config: Pick<ArchiveConfig, "SocialSettings">) {
  return {
    comments: config.SocialSettings.CommentType === 1,
    annotations: config.SocialSettings.AnnotationsEnabled,
  };
}

/** The reference's `props` of a Collection and an Asset: the features on in the archive. */
export function resourceProps(config: Pick<ArchiveConfig, "SocialSettings">) {
  const social = socialFeatures(config);
  return {
    shares: { enabled: false },
    comments: { enabled: social.comments },
    annotations: { enabled: social.annotations },
  };
}

export interface NavigationPane {
  /** The archive's folder list (its own folders). */
  folderList: boolean;
  /**
   * Document folders: the file-system folders FotoWeb offers as destinations. Arkiv offers no
   * file-system destinations (the descriptor's allowFileSystemDestinations is false), so this is
   * only the stored wish; nothing is listed for it yet.
   */
  documentFolders: boolean;
  /**
   * The smart folders section and the archive's own heading for it (null: the built-in one, in
   * the reader's language); the section is null when ShowSmartFolders is off.
   */
  smartFolders: { heading: string | null } | null;
  /** The consent status filter: the setting, consent management and consent forms all on. */
  consentStatusFilter: boolean;
  /** Taxonomy filters by metadata field id (taxonomies arrive with a later issue). */
  taxonomyFields: number[];
}

/** The built-in heading as the API names it to programs. */
export const SMART_FOLDERS_HEADING = "Smart folders";

/**
 * What the site offers that some navigation settings depend on: consent forms and file-system
 * destinations are not built yet (later issues), so both are off everywhere for now.
 */
export const SITE_FEATURES = { consentForms: false, fileSystemDestinations: false } as const;

/** What the archive page's side navigation shows (NavigationPaneControl). */
export function navigationPane(
  config: Pick<ArchiveConfig, "NavigationPaneControl" | "EnableConsentManagement">,
  site: { consentForms: boolean; fileSystemDestinations: boolean },
): NavigationPane {
  const nav = config.NavigationPaneControl;
  const custom = nav.EnableCustomSmartFolderName ? nav.CustomSmartFolderName.trim() : "";
  return {
    folderList: nav.ShowFolderList,
    documentFolders:
      nav.ShowFolderList &&
      nav.FolderListSettings.ShowDocumentFolders &&
      site.fileSystemDestinations,
    smartFolders: nav.ShowSmartFolders ? { heading: custom || null } : null,
    consentStatusFilter:
      nav.EnableConsentStatusFilter && config.EnableConsentManagement && site.consentForms,
    taxonomyFields: [...nav.SearchTreeFields],
  };
}
