import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ShellData } from "~/http/shell.server";
import { LINKS } from "~/utils/links";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import * as css from "./layout.css";

type Viewer = NonNullable<ShellData["viewer"]>;

const STYLES = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "auto", label: "Auto (follow the system)" },
];

/*
 * The user menu is a native disclosure so it opens and its forms post with JavaScript off; with
 * JavaScript, Escape and a click outside close it.
 */
export function UserMenu({
  viewer,
  darkModeAvailable,
}: {
  viewer: Viewer;
  darkModeAvailable: boolean;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const here = location.pathname + location.search;

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

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
