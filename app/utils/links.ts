/** Paths of the product's own pages and services, shared by server and browser code. */
export const LINKS = {
  home: "/fotoweb/",
  archives: "/fotoweb/archives/",
  albums: "/fotoweb/albums/",
  pins: "/fotoweb/me/pins/",
  selectCover: "/fotoweb/views/select-cover",
  publicEntry: "/fotoweb/",
  // As the product writes it in its descriptor; /fotoweb/me/ answers the same.
  privateEntry: "/fotoweb/me",
  privateArchives: "/fotoweb/me/archives/",
  searchService: "/fotoweb/search/",
  login: "/fotoweb/views/login",
  logout: "/fotoweb/views/logout",
  keepalive: "/fotoweb/services/keepalive",
  /** The API's logout for programs (POST); the page's is LINKS.logout. */
  logoutService: "/fotoweb/services/logout",
  userPreferences: "/fotoweb/me/user-preferences/",
  cookieConsent: "/fotoweb/api/privacy/cookie-consent",
  cookiePolicy: "/fotoweb/views/cookie-policy",
  forceChangePassword: "/fotoweb/views/force-change-password",
  changePassword: "/fotoweb/views/change-password",
  interfaceStyle: "/fotoweb/me/interface-style",
  clientSettings: "/fotoweb/me/client-settings",
  /** The person's language and time zone (decision 101); GET the page, POST a choice. */
  locale: "/fotoweb/me/locale",
  browseSettings: "/fotoweb/me/browse-settings",
  management: "/fotoweb/views/management",
  applications: "/fotoweb/views/management/applications",
  upload: "/fotoweb/views/upload",
  uploadTo: "/fotoweb/me/upload-to/",
  /** The descriptor's copy_to and move_to: where the viewer may copy or move assets. */
  copyTo: "/fotoweb/me/copy-to/",
  moveTo: "/fotoweb/me/move-to/",
  uploads: "/fotoweb/api/uploads",
  renditionService: "/fotoweb/services/renditions",
  backgroundTasks: "/fotoweb/me/background-tasks/",
  // Editing (issue 17): the batch panel for a selection (its plain page), a task's page.
  batch: "/fotoweb/views/batch",
  /** "Add to album" for a selection (issue 18, decision 054). */
  addToAlbum: "/fotoweb/views/add-to-album",
  tasks: "/fotoweb/views/tasks",
  /** The header's running-work indicator polls it (decision 090). */
  runningTasks: "/fotoweb/views/tasks/running",
  // People (issue 15): the pages an administrator uses (each modal of the spec is a page without
  // JavaScript), their API, and what a visitor with no account reaches.
  adminUsers: "/fotoweb/views/admin/users",
  adminGroups: "/fotoweb/views/admin/groups",
  adminInvitations: "/fotoweb/views/admin/invitations",
  adminInvite: "/fotoweb/views/admin/invite",
  adminSignups: "/fotoweb/views/admin/signups",
  adminSignupFields: "/fotoweb/views/admin/signup-fields",
  adminOutbox: "/fotoweb/views/admin/outbox",
  apiUsers: "/fotoweb/api/users",
  apiGroups: "/fotoweb/api/groups",
  apiSiteOwner: "/fotoweb/api/site-owner",
  apiInvitations: "/fotoweb/api/invitations/",
  apiSignups: "/fotoweb/api/signups/",
  apiSignupCount: "/fotoweb/api/signups/count",
  signup: "/fotoweb/views/signup",
  invitation: "/fotoweb/views/invitation",
  forgotPassword: "/fotoweb/views/forgot-password",
  resetPassword: "/fotoweb/views/reset-password",
  // Archive administration (issue 16): the archive list and dialog, the configuration lists the
  // dialog picks from (each an admin page and an API under /fotoweb/api/config/), path archives.
  adminArchives: "/fotoweb/views/admin/archives",
  adminArchiveNew: "/fotoweb/views/admin/archives/new",
  adminMetadata: "/fotoweb/views/admin/metadata",
  adminProcessingProfiles: "/fotoweb/views/admin/processing-profiles",
  adminWatermarks: "/fotoweb/views/admin/watermarks",
  adminRenditionSets: "/fotoweb/views/admin/rendition-sets",
  adminCropProfileSets: "/fotoweb/views/admin/crop-profile-sets",
  adminTrash: "/fotoweb/views/admin/trash",
  apiConfigArchives: "/fotoweb/api/config/archives",
  apiConfigOptions: "/fotoweb/api/config/options",
  apiConfigWatermarks: "/fotoweb/api/config/watermarks",
  apiConfigRenditionSets: "/fotoweb/api/config/quickrenditionsets",
  apiConfigCropProfileSets: "/fotoweb/api/config/cropprofilesets",
  apiConfigProcessingProfiles: "/fotoweb/api/config/processingprofiles",
  apiConfigProcessingProfileSets: "/fotoweb/api/config/processingprofilesets",
  apiConfigMetadataViews: "/fotoweb/api/config/metadataviews",
  apiConfigMetadataFields: "/fotoweb/api/config/metadata/fields",
  apiPools: "/fotoweb/api/pools",
  apiIndexServers: "/fotoweb/api/im-pools/servers",
  apiIndexSearch: "/fotoweb/api/im-pools/search",
  adminIndexBrowser: "/fotoweb/views/admin/index-browser",
  apiUsersPublic: "/fotoweb/api/users/public/all",
  apiGroupsPublic: "/fotoweb/api/groups/public/all",
  // Albums and sharing (issue 18, decision 051): the descriptor's album lists, the people one may
  // share with, and the public links' pages (no account needed).
  apiAlbums: "/fotoweb/me/albums/",
  apiAlbumsOwn: "/fotoweb/me/albums/mine/",
  apiAlbumsShared: "/fotoweb/me/albums/shared-with-me/",
  apiAlbumsArchived: "/fotoweb/me/albums/archived/",
  apiAlbumsDeleted: "/fotoweb/me/albums/deleted/",
  apiAlbumsContribute: "/fotoweb/me/albums/contribute/",
  apiPeople: "/fotoweb/me/people/",
  shared: "/fotoweb/shared/",
  // Organize and follow (issue 19, decision 058): taxonomies (API and administration), the
  // person's alerts (page and API at one URL).
  apiTaxonomies: "/fotoweb/api/taxonomies/",
  apiTaxonomyInfo: "/fotoweb/api/taxonomies/info",
  adminTaxonomies: "/fotoweb/views/admin/taxonomies",
  alerts: "/fotoweb/me/alerts/",
  // Taxonomy fields (issue 19, decision 060): a field's term picker (its data, and the plain
  // browse page of the tree without JavaScript).
  taxonomyPicker: "/fotoweb/views/taxonomy-picker/",
} as const;

/** A field's taxonomy (reference Taxonomy.href). */
export const taxonomyHref = (fieldId: number | string) => `${LINKS.apiTaxonomies}${fieldId}/`;

/** One taxonomy item (reference TaxonomyItem.href). */
export const taxonomyItemHref = (fieldId: number | string, itemId: number | string) =>
  `${taxonomyHref(fieldId)}${itemId}`;

/** An archive's smart folders (list, create, reorder), under the archive's href. */
export const smartFoldersHref = (archiveHref: string) => `${archiveHref}.smartfolders/`;

/** One smart folder (GET, PATCH, DELETE). */
export const smartFolderHref = (archiveHref: string, id: number | string) =>
  `${smartFoldersHref(archiveHref)}${id}`;

/** One alert of the signed-in person. */
export const alertHref = (id: number | string) => `${LINKS.alerts}${id}`;

/** An album's href: its page, and its API with Accept (reference "Albums sharing"). */
export const albumHref = (ownerId: number | string, albumId: number | string) =>
  `/fotoweb/users/${ownerId}/albums/${albumId}/`;

/** An album's sharing: the users, groups and public links (page and API). */
export const albumSharesHref = (ownerId: number | string, albumId: number | string) =>
  `${albumHref(ownerId, albumId)}.shares/`;

/** One public link's page for its owner: settings and access log. */
export const shareLinkAdminHref = (
  ownerId: number | string,
  albumId: number | string,
  linkId: number | string,
) => `${albumSharesHref(ownerId, albumId)}links/${linkId}`;

/** A public link as a visitor opens it. */
export const sharedAlbumHref = (token: string) => `${LINKS.shared}${token}`;

/** The albums page under one of its filters (none: every current album). */
export const albumsPageHref = (filter?: string) =>
  filter ? `${LINKS.albums}?filter=${encodeURIComponent(filter)}` : LINKS.albums;

/** A background task's page: progress, per-asset results, undo. */
export const taskPagePath = (jobId: number | string) => `${LINKS.tasks}/${jobId}`;

/** A background task's status in the API (the 201's location). */
export const taskHref = (jobId: number | string) => `${LINKS.backgroundTasks}${jobId}`;

/** Server-sent events of a task's progress (text/event-stream). */
export const taskEventsPath = (jobId: number | string) => `${LINKS.backgroundTasks}${jobId}/events`;

/** An archive's dialog page ("archive details"). */
export const adminArchivePath = (archiveId: number | string) =>
  `${LINKS.adminArchives}/${archiveId}`;

/** The log-on page, returning to `to` (a same-origin path) afterwards. */
export const loginReturningTo = (to: string) => `${LINKS.login}?to=${encodeURIComponent(to)}`;

/** The plain cover choice for an archive, from the page after `after` when given. */
export const selectCoverPath = (archiveId: string | number, after?: string) =>
  `${LINKS.selectCover}?archive=${archiveId}${after ? `&after=${encodeURIComponent(after)}` : ""}`;

/** An archive's grid opened at a folder (null: the root), keeping a sort other than the default. */
export const archiveFolderHref = (archiveHref: string, folder: string | null, sort: string) => {
  const search = new URLSearchParams();
  if (folder !== null) search.set("folder", folder);
  if (sort !== "-added") search.set("s", sort);
  const text = search.toString();
  return text ? `${archiveHref}?${text}` : archiveHref;
};

/** A folder's URL, the FotoWare way (decision 114): each name of its path a segment. */
export const folderHref = (archiveHref: string, path: string) =>
  `${archiveHref}${path.split("/").map(encodeURIComponent).join("/")}/`;

/** A taxonomy item's form on the administration page (search, access, move and delete too). */
export const taxonomyItemAdminHref = (fieldId: number | string, itemId: number | string) =>
  `${LINKS.adminTaxonomies}/${fieldId}?edit=${itemId}`;
