import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import {
  CookieBanner,
  describeRouteError,
  ErrorPanel,
  Footer,
  Header,
  Keepalive,
  Toasts,
} from "~/components/shell/shell-bundle";
import { loadShell, type ShellData } from "~/http/shell.server";
import { localeOf } from "~/http/locale/locale.server";
import { MessagesBlock } from "~/components/locale/MessagesBlock";
import { translateNow } from "~/components/locale/active";
import { useT } from "~/components/locale/locale-context";
import { advancedSearchHref } from "~/utils/advanced-search-href.server";
import * as styles from "./styles/global.css";
import { RESULTS_ID } from "./components/asset/grid-keys";
import { useNonce } from "./utils/nonce";
import { SCRIPT_LOADER } from "./utils/deferred-scripts";
import { LINKS } from "./utils/links";
import { SharedAlbumHeader } from "./components/album/SharedAlbumHeader";
import { HydrationMark } from "./components/shell/HydrationMark";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/*
 * Remix calls this with the error when the root boundary renders, so an error page gets its own
 * title. (A <title> rendered by the boundary lands in <body>, after this one, and is ignored.)
 */
export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${describeRouteError(error, translateNow).title} | Arkiv` : "Arkiv" },
];

// Pages a user who must change the password may still see.
const OPEN_DURING_FORCED_CHANGE: string[] = [
  LINKS.forceChangePassword,
  LINKS.logout,
  LINKS.cookiePolicy,
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ data, setCookie }, locale] = await Promise.all([loadShell(request), localeOf(request)]);
  const { pathname } = new URL(request.url);
  // A flagged user is sent to the change view from any page (spec 000 §4, login status).
  if (data.mustChangePassword && !OPEN_DURING_FORCED_CHANGE.includes(pathname)) {
    throw redirect(LINKS.forceChangePassword);
  }
  return json(
    { ...data, locale, advancedSearchHref: advancedSearchHref(new URL(request.url)) },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

type RootData = ShellData & {
  advancedSearchHref: string;
  locale: { language: string; timeZone: string };
};

/*
 * A public link's visitor pages (decision 056) say so with handle.visitorShell: they get the
 * site's name without the header's links, search and log-on, which a visitor cannot use, and
 * always the light theme, whoever else is signed in in the same browser.
 */
function useVisitorShell(): boolean {
  return useMatches().some(
    (match) => (match.handle as { visitorShell?: boolean } | undefined)?.visitorShell === true,
  );
}

/*
 * Pages with an asset grid say so with handle.assetGrid: their first Tab stop skips the header,
 * the search and the selection bar to the results (AssetGrid's RESULTS_ID).
 */
function useAssetGridPage(): boolean {
  return useMatches().some(
    (match) => (match.handle as { assetGrid?: boolean } | undefined)?.assetGrid === true,
  );
}

/*
 * The shell (viewer, theme, toast, forced password change) is re-read on every navigation, so a
 * client-side navigation can never skip the forced-change redirect or show a stale header.
 */
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: ReactNode }) {
  const shell = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  const theme = useVisitorShell() ? "light" : shell?.theme;
  const gridPage = useAssetGridPage();
  const t = useT();
  return (
    <html lang={shell?.locale.language ?? "en"} data-theme={theme ?? "light"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta
          name="color-scheme"
          content={theme === "dark" ? "dark" : theme === "auto" ? "light dark" : "light"}
        />
        {/* react-aria reads the nonce from here for the <style> it injects (hole 11). The
            browser hides the attribute from the DOM but keeps it on the element's property. */}
        <meta name="csp-nonce" nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        {gridPage ? (
          <a href={`#${RESULTS_ID}`} className={styles.skipLink}>
            {t("common.skip.results")}
          </a>
        ) : null}
        <a href="#main" className={styles.skipLink}>
          {t("common.skip.content")}
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: SCRIPT_LOADER }}
        />
        {/* Last: the server writes the page's messages into it once the page has rendered. */}
        <MessagesBlock />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useRouteLoaderData<RootData>("root")!;
  const visitor = useVisitorShell();
  const wide = useAssetGridPage();
  return (
    <>
      {visitor ? (
        <SharedAlbumHeader siteName={shell.siteName} />
      ) : (
        <Header shell={shell} advancedSearchHref={shell.advancedSearchHref} />
      )}
      <main id="main" className={styles.main} data-wide={wide || undefined}>
        <Outlet />
      </main>
      <Footer siteName={shell.siteName} signedIn={Boolean(shell.viewer && !shell.viewer.isGuest)} />
      {shell.cookieBanner ? (
        <CookieBanner key={shell.cookieBanner.version} banner={shell.cookieBanner} />
      ) : null}
      <Toasts toast={shell.toast} />
      <HydrationMark />
      {shell.keepalive ? (
        <Keepalive href={shell.keepalive.href} interval={shell.keepalive.interval} />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<RootData>("root");
  return (
    <>
      {shell ? <Header shell={shell} advancedSearchHref={shell.advancedSearchHref} /> : null}
      <main id="main" className={styles.main}>
        <ErrorPanel error={error} />
      </main>
      <Footer
        siteName={shell?.siteName ?? "Arkiv"}
        signedIn={Boolean(shell?.viewer && !shell.viewer.isGuest)}
      />
      <HydrationMark />
    </>
  );
}
