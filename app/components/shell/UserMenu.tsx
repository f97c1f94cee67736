import { Form, useLocation } from "@remix-run/react";
import type { ShellData } from "~/http/shell.server";
import { LINKS } from "~/utils/links";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import * as css from "./layout.css";
import { useDisclosureDismiss } from "~/components/ui/use-disclosure-dismiss";

type Viewer = NonNullable<ShellData["viewer"]>;

const STYLES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "Auto (follow the system)" },
];

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
        <nav aria-label="Account" className={css.menuSection}>
          <a className={css.menuLink} href={LINKS.changePassword}>
            Change password
          </a>
          {viewer.isSiteOwner ? (
            <a className={css.menuLink} href={LINKS.management}>
              Site settings
            </a>
          ) : null}
        </nav>
        {darkModeAvailable ? (
          <Form method="post" action={LINKS.interfaceStyle} className={css.menuSection}>
            <input type="hidden" name="to" value={here} />
            <RadioGroupField
              label="Interface style"
              name="style"
              defaultValue={viewer.interfaceStyle}
              options={STYLES}
            />
            <Button type="submit" variant="secondary">
              Apply style
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={LINKS.clientSettings} className={css.menuSection}>
          <input type="hidden" name="to" value={here} />
          <CheckboxField
            name="enableRetinaThumbnails"
            defaultSelected={viewer.enableRetinaThumbnails}
          >
            Sharp thumbnails on high-resolution screens
          </CheckboxField>
          <Button type="submit" variant="secondary">
            Save thumbnail setting
          </Button>
        </Form>
        <Form method="post" action={LINKS.logout} className={css.menuSection}>
          <Button type="submit" variant="secondary">
            Log out
          </Button>
        </Form>
      </div>
    </details>
  );
}
