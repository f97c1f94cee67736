/** Paths of the product's own pages and services, shared by server and browser code. */
export const LINKS = {
  home: "/fotoweb/",
  publicEntry: "/fotoweb/",
  privateEntry: "/fotoweb/me/",
  login: "/fotoweb/views/login",
  logout: "/fotoweb/views/logout",
  keepalive: "/fotoweb/services/keepalive",
  cookieConsent: "/fotoweb/api/privacy/cookie-consent",
  cookiePolicy: "/fotoweb/views/cookie-policy",
  forceChangePassword: "/fotoweb/views/force-change-password",
  changePassword: "/fotoweb/views/change-password",
  interfaceStyle: "/fotoweb/me/interface-style",
  management: "/fotoweb/views/management",
} as const;
