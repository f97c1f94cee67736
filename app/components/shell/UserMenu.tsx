import { Form, useLocation } from "@remix-run/react";
import type { ShellData } from "~/http/shell.server";
import { LINKS } from "~/utils/links";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { ChoiceButtons } from "~/components/ui/ChoiceButtons";
import * as css from "./layout.css";
import { useDisclosureDismiss } from "~/components/ui/use-disclosure-dismiss";
import { useT } from "~/components/locale/locale-context";
import { LanguageSwitch } from "~/components/locale/LanguageSwitch";

type Viewer = NonNullable<ShellData["viewer"]>;

const STYLES = [
  { value: "light", label: "common.userMenu.styleLight" },
  { value: "dark", label: "common.userMenu.styleDark" },
  { value: "auto", label: "common.userMenu.styleAuto" },
] as const;

/*
 * The user menu is a native disclosure so it opens and its forms post with JavaScript off; with
 * JavaScript, Escape and a click outside close it (useDisclosureDismiss).
 */
export function UserMenu({
  viewer,
  darkModeAvailable,
}: {
  viewer: Viewer;
  darkModeAvailable: boolean;
}) {
  const ref = useDisclosureDismiss();
  const location = useLocation();
  const t = useT();
  const here = location.pathname + location.search;

  return (
    <details ref={ref} className={css.userMenu} data-testid="user-menu">
      <summary className={css.userMenuSummary}>
        <span aria-hidden="true">●</span> {viewer.fullName}
      </summary>
      <div className={css.userMenuPanel}>
        <div>
          <strong>{viewer.fullName}</strong>
          <div>{viewer.username}</div>
        </div>
        <nav aria-label={t("common.userMenu.account")} className={css.menuSection}>
          <a className={css.menuLink} href={LINKS.changePassword}>
            {t("common.userMenu.changePassword")}
          </a>
          {viewer.isSiteOwner ? (
            <a className={css.menuLink} href={LINKS.management}>
              {t("common.userMenu.siteSettings")}
            </a>
          ) : null}
        </nav>
        <LanguageSwitch className={css.menuSection} />
        {darkModeAvailable ? (
          <Form method="post" action={LINKS.interfaceStyle} className={css.menuSection}>
            <input type="hidden" name="to" value={here} />
            <ChoiceButtons
              legend={t("common.userMenu.style")}
              name="style"
              current={viewer.interfaceStyle}
              choices={STYLES.map((s) => ({ value: s.value, label: t(s.label) }))}
            />
          </Form>
        ) : null}
        <Form method="post" action={LINKS.clientSettings} className={css.menuSection}>
          <input type="hidden" name="to" value={here} />
          <CheckboxField
            name="enableRetinaThumbnails"
            defaultSelected={viewer.enableRetinaThumbnails}
          >
            {t("common.userMenu.retina")}
          </CheckboxField>
          <Button type="submit" variant="secondary">
            {t("common.userMenu.saveRetina")}
          </Button>
        </Form>
        <Form method="post" action={LINKS.logout} className={css.menuSection}>
          <Button type="submit" variant="secondary">
            {t("common.userMenu.logOut")}
          </Button>
        </Form>
      </div>
    </details>
  );
}
