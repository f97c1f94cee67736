import "~/components/shell/shell-bundle";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { focusFirstMenuItem, useFocusBackOnClose } from "~/components/ui/focus-back";
import { PurgeForm, RenameForm, type AlbumActionsProps } from "./AlbumActionForms";
import * as css from "./album-page.css";

type DialogName = "rename" | "delete" | "purge" | null;

/*
 * The owner's actions with JavaScript (decision 053): a react-aria menu opens the page's forms in
 * dialogs (rename, move to the bin, delete for good) or posts the simple ones at once. A chunk of
 * its own, which AlbumActions loads when the menu is first wanted (decision 027); it mounts open
 * then (openMenu), or with the dialog of a refused post.
 */
export default function AlbumActionsMenu(props: AlbumActionsProps & { openMenu: boolean }) {
  const submit = useSubmit();
  const { trigger, onOpenChange } = useFocusBackOnClose<HTMLButtonElement>();
  const renameRefused = Boolean(props.fieldErrors["name"] || props.fieldErrors["description"]);
  const [open, setOpen] = useState<DialogName>(renameRefused ? "rename" : null);
  useEffect(() => setOpen(null), [props.modified, props.status]);
  useEffect(() => {
    if (renameRefused) setOpen("rename");
    else if (props.fieldErrors["confirm"]) setOpen("purge");
  }, [renameRefused, props.fieldErrors]);

  const post = (intent: string) => submit({ intent }, { method: "post" });
  const items: { id: string; label: string; run: () => void }[] = [
    { id: "rename", label: "Rename and describe…", run: () => setOpen("rename") },
    ...(props.status === "active"
      ? [{ id: "archive", label: "Archive", run: () => post("archive") }]
      : []),
    ...(props.status === "archived"
      ? [{ id: "unarchive", label: "Unarchive", run: () => post("unarchive") }]
      : []),
    ...(props.hasCover
      ? [{ id: "clear-cover", label: "Clear the cover", run: () => post("clear-cover") }]
      : []),
    ...(props.homepage === null
      ? []
      : [
          {
            id: "homepage",
            label: props.homepage ? "Stop showing on the home page" : "Show on the home page",
            run: () =>
              submit({ intent: "homepage", show: props.homepage ? "0" : "1" }, { method: "post" }),
          },
        ]),
    ...(props.status === "deleted"
      ? [
          { id: "undelete", label: "Undelete", run: () => post("undelete") },
          { id: "purge", label: "Delete forever…", run: () => setOpen("purge") },
        ]
      : [{ id: "delete", label: "Move to the bin…", run: () => setOpen("delete") }]),
  ];
  return (
    <div className={css.actions}>
      <MenuTrigger defaultOpen={props.openMenu} onOpenChange={onOpenChange}>
        <AriaButton ref={trigger} className={button.secondary}>
          Album actions
        </AriaButton>
        <Popover placement="bottom start" className={css.popover}>
          <div onFocus={focusFirstMenuItem}>
            <Menu
              aria-label="Album actions"
              autoFocus="first"
              className={css.menu}
              onAction={(key) => items.find((i) => i.id === key)?.run()}
            >
              {items.map((item) => (
                <MenuItem key={item.id} id={item.id} className={css.menuItem}>
                  {item.label}
                </MenuItem>
              ))}
            </Menu>
          </div>
        </Popover>
      </MenuTrigger>
      <ModalDialog
        title="Rename and describe"
        size="medium"
        isOpen={open === "rename"}
        onClose={() => setOpen(null)}
      >
        <RenameForm {...props} onCancel={() => setOpen(null)} />
      </ModalDialog>
      <ModalDialog
        title="Move the album to the bin?"
        isOpen={open === "delete"}
        onClose={() => setOpen(null)}
      >
        <p>Those it is shared with lose it until you undelete it from My deleted albums.</p>
        <Form method="post" className={css.actions}>
          <Button type="submit" name="intent" value="delete">
            Move to the bin
          </Button>
          <Button variant="secondary" onPress={() => setOpen(null)}>
            Cancel
          </Button>
        </Form>
      </ModalDialog>
      <ModalDialog title="Delete forever?" isOpen={open === "purge"} onClose={() => setOpen(null)}>
        <PurgeForm errors={props.fieldErrors["confirm"]} onCancel={() => setOpen(null)} />
      </ModalDialog>
    </div>
  );
}
