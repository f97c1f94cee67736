import "~/components/shell/shell-bundle";
import { Button as AriaButton } from "react-aria-components/Button";
import { Label } from "react-aria-components/Label";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";
import { Select, SelectValue } from "react-aria-components/Select";
import * as controls from "~/components/ui/controls.css";
import { useFocusBackOnClose } from "~/components/ui/focus-back";
import * as css from "~/components/asset/grid.css";
import type { SortOption } from "./SortSelect";

/*
 * react-aria's Select for the sort order, in a chunk of its own (its collections and overlays
 * are a fifth of the grid's code): SortSelect loads it when the order is first opened, and it
 * mounts open (decision 027).
 */
export default function SortSelectMenu({
  options,
  value,
  onChange,
}: {
  options: readonly SortOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { trigger, onOpenChange } = useFocusBackOnClose<HTMLButtonElement>();
  return (
    <Select
      name="s"
      selectedKey={value}
      onSelectionChange={(key) => onChange(String(key))}
      defaultOpen
      onOpenChange={onOpenChange}
      className={controls.field}
    >
      <Label className={controls.label}>Sort by</Label>
      <AriaButton ref={trigger} className={css.selectButton}>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <Popover>
        <ListBox className={css.listBox}>
          {options.map((o) => (
            <ListBoxItem key={o.value} id={o.value} className={css.option}>
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
