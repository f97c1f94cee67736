/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.css.ts", "**/*.test.*"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: the whole route manifest (a few dozen routes) is one cached file, where discovery
    // matched every path prefix on each page render to inline a partial one (decision 020).
    v3_lazyRouteDiscovery: false,
  },
};
