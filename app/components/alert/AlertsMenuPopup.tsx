import "~/components/shell/shell-bundle";
import { useCallback, useState } from "react";
import { Button } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";
import * as shell from "~/components/shell/layout.css";
import { focusFirstMenuItem, useFocusBackOnClose } from "~/components/ui/focus-back";
import { useT } from "~/components/locale/locale-context";
import { shortSearchText } from "~/models/alert/alert-text";
import type { AlertView } from "~/models/alert/alert.schema";
import { LINKS } from "~/utils/links";
import * as css from "./alerts.css";

type Loaded = { kind: "loading" } | { kind: "loaded"; alerts: AlertView[] } | { kind: "failed" };

/*
 * react-aria's menu for the header's alerts, in a chunk of its own. It mounts open; each opening
 * fetches the alerts first (spec 000 "Alerts popover toggles; opening it first fetches alerts").
 */
export default function AlertsMenuPopup() {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [open, setOpen] = useState(true);
  const fetchAlerts = useCallback(() => {
    setLoaded({ kind: "loading" });
    fetch(LINKS.alerts, { headers: { accept: "application/json" }, credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<{ data: AlertView[] }>) : Promise.reject()))
      .then(
        (body) => setLoaded({ kind: "loaded", alerts: body.data }),
        () => setLoaded({ kind: "failed" }),
      );
  }, []);
  const [first, setFirst] = useState(true);
  if (first) {
    setFirst(false);
    fetchAlerts();
  }
  const { trigger, onOpenChange } = useFocusBackOnClose<HTMLButtonElement>(
    useCallback(
      (next: boolean) => {
        setOpen(next);
        if (next) fetchAlerts();
      },
      [fetchAlerts],
    ),
  );
  const status =
    loaded.kind === "loading"
      ? t("work.alerts.menu.loading")
      : loaded.kind === "failed"
        ? t("work.alerts.menu.failed")
        : loaded.alerts.length === 0
          ? t("work.alerts.none")
          : null;
  // The menu mounts once the alerts are in, so its focus goes to the first of them (a status is
  // text beside the menu, not an item to land on).
  return (
    <MenuTrigger isOpen={open} onOpenChange={onOpenChange}>
      <Button ref={trigger} className={shell.headerButton} data-testid="alerts-menu">
        {t("common.header.alerts")}
      </Button>
      <Popover placement="bottom end" className={css.menuPopover} data-testid="alerts-popover">
        {status ? (
          <p role="status" className={css.menuStatus}>
            {status}
          </p>
        ) : null}
        {loaded.kind === "loading" ? null : (
          <div onFocus={focusFirstMenuItem}>
            <Menu aria-label={t("work.alerts.list")} className={css.menu} autoFocus="first">
              {loaded.kind === "loaded"
                ? loaded.alerts.map((alert) => (
                    <MenuItem
                      key={alert.id}
                      id={alert.id}
                      href={alert.href}
                      className={css.menuItem}
                      textValue={alert.dtSearchString}
                    >
                      {t("work.alerts.menu.item", {
                        search: shortSearchText(alert.dtSearchString),
                        archive: alert.archiveName,
                        interval: alert.interval,
                      })}
                    </MenuItem>
                  ))
                : null}
              <MenuItem id="manage" href={LINKS.alerts} className={css.menuItem}>
                {t("work.alerts.menu.manage")}
              </MenuItem>
            </Menu>
          </div>
        )}
      </Popover>
    </MenuTrigger>
  );
}
