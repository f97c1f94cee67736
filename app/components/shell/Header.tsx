import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "react-aria-components/Button";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { TextField } from "react-aria-components/TextField";
import type { ShellData } from "~/http/shell.server";
import { visuallyHidden } from "~/styles/global.css";
import { AdvancedSearch } from "~/components/search/AdvancedSearch";
import { SearchBox } from "./SearchBox";
import { UploadPopover } from "~/components/upload/UploadPopover";
import { ToolsMenu } from "./ToolsMenu";
import { AlertsMenu } from "~/components/alert/AlertsMenu";
import { UserMenu } from "./UserMenu";
import { useDisclosureDismiss } from "~/components/ui/use-disclosure-dismiss";
import { RunningWork } from "~/components/task/RunningWork";
import * as css from "./layout.css";
import { LINKS, loginReturningTo } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

export type PageType = "archives" | "albums" | "pins" | null;

/** Page type by path prefix, which decides the active header link. */
export function pageTypeOf(pathname: string): PageType {
  if (/^\/fotoweb\/(me\/)?albums(\/|$)/.test(pathname)) return "albums";
  if (/^\/fotoweb\/me\/pins(\/|$)/.test(pathname)) return "pins";
  if (/^\/fotoweb\/archives(\/|$)/.test(pathname)) return "archives";
  return null;
}

const NAV_LINKS: {
  type: Exclude<PageType, null>;
  href: string;
  label: MessageId;
  signedInOnly?: boolean;
}[] = [
  { type: "archives", href: LINKS.archives, label: "common.nav.archives" },
  { type: "albums", href: LINKS.albums, label: "common.nav.albums" },
  { type: "pins", href: LINKS.pins, label: "common.nav.pins", signedInOnly: true },
];

function LeaveGuestSession() {
  const t = useT();
  return (
    <Form method="post" action={LINKS.logout}>
      <Button type="submit" className={css.headerButton}>
        {t("common.header.leaveGuest")}
      </Button>
    </Form>
  );
}

function HeaderLogin({ isGuest }: { isGuest: boolean }) {
  const location = useLocation();
  const t = useT();
  const to = location.pathname + location.search;
  // The log-on page is the full form: a second one in its header would only repeat it.
  if (location.pathname.replace(/\/$/, "") === LINKS.login)
    return isGuest ? <LeaveGuestSession /> : null;
  return (
    <div className={css.headerLogin}>
      <Form
        method="post"
        action={LINKS.login}
        className={css.headerLogin}
        aria-label={t("common.header.logOn")}
      >
        <input type="hidden" name="mode" value="user" />
        <input type="hidden" name="to" value={to} />
        <TextField name="username" autoComplete="username" maxLength={254}>
          <Label className={visuallyHidden}>{t("common.header.userName")}</Label>
          <Input className={css.headerInput} placeholder={t("common.header.userName")} />
        </TextField>
        <TextField name="password" type="password" autoComplete="current-password" maxLength={256}>
          <Label className={visuallyHidden}>{t("common.header.password")}</Label>
          <Input className={css.headerInput} placeholder={t("common.header.password")} />
        </TextField>
        <Button type="submit" className={css.headerButton}>
          {t("common.header.logOn")}
        </Button>
      </Form>
      {isGuest ? (
        <LeaveGuestSession />
      ) : (
        <Link className={css.headerButton} to={loginReturningTo(to)}>
          {t("common.header.moreLogOn")}
        </Link>
      )}
    </div>
  );
}

/*
 * Below the phone breakpoint the header is one row: the name, the search and a Menu button that
 * opens everything else (decision 088). The menu is a native disclosure, so it opens without
 * JavaScript; on wide screens its content is laid out in the header as if it had none.
 */
function HeaderMenu({ children }: { children: ReactNode }) {
  const ref = useDisclosureDismiss();
  const t = useT();
  return (
    <details ref={ref} className={css.headerMenu} data-testid="header-menu">
      <summary className={css.headerMenuButton}>
        <span aria-hidden="true" className={css.menuIcon} />
        {t("common.header.menu")}
      </summary>
      <div className={css.headerMenuContent}>{children}</div>
    </details>
  );
}

export function Header({
  shell,
  advancedSearchHref,
}: {
  shell: ShellData;
  /** The advanced search page for this page, which the root loader makes. */
  advancedSearchHref: string;
}) {
  const { pathname } = useLocation();
  const t = useT();
  const active = pageTypeOf(pathname);
  const viewer = shell.viewer;
  const signedIn = viewer !== null && !viewer.isGuest;
  return (
    <header className={css.header}>
      <Link to={LINKS.home} className={css.brand}>
        {shell.siteName}
      </Link>
      <SearchBox />
      <HeaderMenu>
        {/* Beside the search, not inside its form: the popover's own form would nest in it. */}
        <AdvancedSearch pageHref={advancedSearchHref} />
        <nav aria-label={t("common.nav.main")} className={css.nav}>
          {NAV_LINKS.filter((l) => signedIn || !l.signedInOnly).map((link) => (
            <Link
              key={link.type}
              to={link.href}
              className={css.navLink}
              aria-current={active === link.type ? "page" : undefined}
            >
              {t(link.label)}
            </Link>
          ))}
        </nav>
        <div className={css.headerEnd}>
          {signedIn ? <RunningWork running={shell.running} /> : null}
          {signedIn && shell.upload ? (
            <UploadPopover targets={shell.upload.targets} maxBytes={shell.upload.maxBytes} />
          ) : null}
          {signedIn && shell.alerts ? <AlertsMenu /> : null}
          {signedIn && shell.tools ? (
            <ToolsMenu entries={shell.tools.entries} badge={shell.tools.badge} />
          ) : null}
          {signedIn ? (
            <UserMenu viewer={viewer} darkModeAvailable={shell.darkModeAvailable} />
          ) : (
            <HeaderLogin isGuest={viewer?.isGuest ?? false} />
          )}
        </div>
      </HeaderMenu>
    </header>
  );
}
