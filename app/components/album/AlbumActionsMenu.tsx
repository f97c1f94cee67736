import "~/components/shell/shell-bundle";
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Popover } from "react-aria-components/Popover";
import { Button } from "~/components/ui/Button";
import { button } from "~/components/ui/controls.css";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { useT } from "~/components/locale/locale-context";
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
  const t = useT();
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
    { id: "rename", label: t("album.actions.renameMenu"), run: () => setOpen("rename") },
    ...(props.status === "active"
      ? [{ id: "archive", label: t("album.actions.archive"), run: () => post("archive") }]
      : []),
    ...(props.status === "archived"
      ? [{ id: "unarchive", label: t("album.unarchive"), run: () => post("unarchive") }]
      : []),
    ...(props.hasCover
      ? [
          {
            id: "clear-cover",
            label: t("album.actions.clearCover"),
            run: () => post("clear-cover"),
          },
        ]
      : []),
    ...(props.homepage === null
      ? []
      : [
          {
            id: "homepage",
            label: props.homepage
              ? t("album.actions.homepageStop")
              : t("album.actions.homepageShow"),
            run: () =>
              submit({ intent: "homepage", show: props.homepage ? "0" : "1" }, { method: "post" }),
          },
        ]),
    ...(props.status === "deleted"
      ? [
          { id: "undelete", label: t("album.undelete"), run: () => post("undelete") },
          { id: "purge", label: t("album.actions.purgeMenu"), run: () => setOpen("purge") },
        ]
      : [{ id: "delete", label: t("album.actions.deleteMenu"), run: () => setOpen("delete") }]),
  ];
  return (
    <div className={css.actions}>
      <MenuTrigger defaultOpen={props.openMenu} onOpenChange={onOpenChange}>
        <AriaButton ref={trigger} className={button.secondary}>
          {t("album.actions.title")}
        </AriaButton>
        <Popover placement="bottom start" className={css.popover}>
          <div onFocus={focusFirstMenuItem}>
            <Menu
              aria-label={t("album.actions.title")}
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
        title={t("album.actions.rename")}
        size="medium"
        isOpen={open === "rename"}
        onClose={() => setOpen(null)}
      >
        <RenameForm {...props} onCancel={() => setOpen(null)} />
      </ModalDialog>
      <ModalDialog
        title={t("album.actions.deleteTitle")}
        isOpen={open === "delete"}
        onClose={() => setOpen(null)}
      >
        <p>{t("album.actions.deleteText")}</p>
        <Form method="post" className={css.actions}>
          <Button type="submit" name="intent" value="delete">
            {t("album.actions.delete")}
          </Button>
          <Button variant="secondary" onPress={() => setOpen(null)}>
            {t("album.cancel")}
          </Button>
        </Form>
      </ModalDialog>
      <ModalDialog
        title={t("album.actions.purgeTitle")}
        isOpen={open === "purge"}
        onClose={() => setOpen(null)}
      >
        <PurgeForm errors={props.fieldErrors["confirm"]} onCancel={() => setOpen(null)} />
      </ModalDialog>
    </div>
  );
}
