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
  management: "/fotoweb/views/management",
  applications: "/fotoweb/views/management/applications",
  upload: "/fotoweb/views/upload",
  uploadTo: "/fotoweb/me/upload-to/",
  uploads: "/fotoweb/api/uploads",
  renditionService: "/fotoweb/services/renditions",
  backgroundTasks: "/fotoweb/me/background-tasks/",
} as const;

/** The log-on page, returning to `to` (a same-origin path) afterwards. */
export const loginReturningTo = (to: string) => `${LINKS.login}?to=${encodeURIComponent(to)}`;

/** The plain cover choice for an archive, from the page after `after` when given. */
export const selectCoverPath = (archiveId: string | number, after?: string) =>
  `${LINKS.selectCover}?archive=${archiveId}${after ? `&after=${encodeURIComponent(after)}` : ""}`;
