import "~/components/shell/shell-bundle";
import { Button } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";
import { focusFirstMenuItem, useFocusBackOnClose } from "~/components/ui/focus-back";
import type { ToolEntry } from "~/models/descriptor/descriptor.server";
import * as css from "./layout.css";
import { ToolsLabel } from "./ToolsLabel";
import { useT } from "~/components/locale/locale-context";
import { toolLabel } from "./tool-labels";

/*
 * react-aria's Menu for the tools menu, in a chunk of its own: the header loads it when the gear
 * is first opened, and it mounts open (decision 027's rule for overlays in the shell). Mounted
 * open, it has no opening key to tell it where focus goes: the first item, always.
 */
export default function ToolsMenuPopup({
  entries,
  badge,
}: {
  entries: ToolEntry[];
  badge: number;
}) {
  const { trigger, onOpenChange } = useFocusBackOnClose<HTMLButtonElement>();
  const t = useT();
  return (
    <MenuTrigger defaultOpen onOpenChange={onOpenChange}>
      <Button ref={trigger} className={css.headerButton}>
        <ToolsLabel badge={badge} />
      </Button>
      <Popover placement="bottom end" className={css.toolsPopover}>
        <div onFocus={focusFirstMenuItem}>
          <Menu aria-label={t("common.tools.label")} className={css.toolsMenu} autoFocus="first">
            {entries.map((entry) => (
              <MenuItem key={entry.id} id={entry.id} href={entry.href} className={css.toolsItem}>
                {toolLabel(t, entry)}
              </MenuItem>
            ))}
          </Menu>
        </div>
      </Popover>
    </MenuTrigger>
  );
}
