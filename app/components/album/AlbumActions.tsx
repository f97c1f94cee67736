import { Form, useSubmit } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect, useState } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import { Popover } from "react-aria-components/Popover";
import { useHydrated } from "remix-utils/use-hydrated";
import { ValidatedForm } from "remix-validated-form";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { ValidatedTextField } from "~/components/ui/TextField";
import type { AlbumStatus } from "~/models/album/album.schema";
import {
  albumUpdateSchema,
  MAX_ALBUM_DESCRIPTION,
  MAX_ALBUM_NAME,
} from "~/models/album/album.schema";
import * as css from "./album-page.css";

const renameValidator = withZod(albumUpdateSchema);

export interface AlbumActionsProps {
  name: string;
  description: string;
  status: AlbumStatus;
  /** Changes when the album does: an open dialog closes after its post succeeded. */
  modified: string;
  hasCover: boolean;
  /** Shown on the home page; null when the owner may not change it. */
  homepage: boolean | null;
  /** The last post's field errors (a rename or a purge refused). */
  fieldErrors: Record<string, string>;
}

type DialogName = "rename" | "delete" | "purge" | null;

/*
 * The owner's actions (decision 053). Without JavaScript each is a plain form on the page. With
 * it, a react-aria menu opens the same forms in dialogs (rename, move to the bin, delete for good)
 * or posts the simple ones at once.
 */
export function AlbumActions(props: AlbumActionsProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const renameRefused = Boolean(props.fieldErrors["name"] || props.fieldErrors["description"]);
  const [open, setOpen] = useState<DialogName>(renameRefused ? "rename" : null);
  useEffect(() => setOpen(null), [props.modified, props.status]);
  useEffect(() => {
    if (renameRefused) setOpen("rename");
    else if (props.fieldErrors["confirm"]) setOpen("purge");
  }, [renameRefused, props.fieldErrors]);

  if (!hydrated) return <AlbumActionForms {...props} />;

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
      <MenuTrigger>
        <Button variant="secondary">Album actions</Button>
        <Popover placement="bottom start" className={css.popover}>
          <Menu
            aria-label="Album actions"
            className={css.menu}
            onAction={(key) => items.find((i) => i.id === key)?.run()}
          >
            {items.map((item) => (
              <MenuItem key={item.id} id={item.id} className={css.menuItem}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <AlbumDialog
        title="Rename and describe"
        isOpen={open === "rename"}
        onClose={() => setOpen(null)}
      >
        <RenameForm {...props} onCancel={() => setOpen(null)} />
      </AlbumDialog>
      <AlbumDialog
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
      </AlbumDialog>
      <AlbumDialog title="Delete forever?" isOpen={open === "purge"} onClose={() => setOpen(null)}>
        <PurgeForm errors={props.fieldErrors["confirm"]} onCancel={() => setOpen(null)} />
      </AlbumDialog>
    </div>
  );
}

function AlbumDialog({
  title,
  isOpen,
  onClose,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <ModalOverlay
      isDismissable
      isOpen={isOpen}
      onOpenChange={(next) => (next ? null : onClose())}
      className={css.overlay}
    >
      <Modal className={css.modal}>
        <Dialog className={css.dialog}>
          <Heading slot="title" className={css.dialogTitle}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function RenameForm(props: AlbumActionsProps & { onCancel?: () => void }) {
  return (
    <ValidatedForm
      validator={renameValidator}
      method="post"
      noValidate
      defaultValues={{ name: props.name, description: props.description }}
      aria-label="Rename and describe"
    >
      <input type="hidden" name="intent" value="rename" />
      <ValidatedTextField
        label="Name"
        name="name"
        defaultValue={props.name}
        maxLength={MAX_ALBUM_NAME}
        isRequired
      />
      <ValidatedTextField
        label="Description"
        name="description"
        defaultValue={props.description}
        multiline
        maxLength={MAX_ALBUM_DESCRIPTION}
      />
      <div className={css.actions}>
        <Button type="submit">Save</Button>
        {props.onCancel ? (
          <Button variant="secondary" onPress={props.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </ValidatedForm>
  );
}

function PurgeForm({ errors, onCancel }: { errors?: string; onCancel?: () => void }) {
  return (
    <Form method="post" className={css.actions} aria-label="Delete forever">
      <input type="hidden" name="intent" value="purge" />
      <CheckboxField name="confirm" errors={errors ? [errors] : undefined}>
        Delete the album for good (its assets stay in their archives)
      </CheckboxField>
      <Button type="submit">Delete forever</Button>
      {onCancel ? (
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
      ) : null}
    </Form>
  );
}

/** Without JavaScript: the same actions as plain forms on the page. */
function AlbumActionForms(props: AlbumActionsProps) {
  const status = (intent: string, label: string) => (
    <Form method="post" className={css.inlineForm}>
      <Button type="submit" name="intent" value={intent} variant="secondary">
        {label}
      </Button>
    </Form>
  );
  return (
    <section className={css.section} aria-labelledby="album-actions">
      <h2 id="album-actions" className={css.sectionTitle}>
        Album actions
      </h2>
      <RenameForm {...props} />
      <div className={css.actions}>
        {props.status === "active" ? status("archive", "Archive") : null}
        {props.status === "archived" ? status("unarchive", "Unarchive") : null}
        {props.hasCover ? status("clear-cover", "Clear the cover") : null}
        {props.homepage === null ? null : (
          <Form method="post" className={css.inlineForm}>
            <input type="hidden" name="show" value={props.homepage ? "0" : "1"} />
            <Button type="submit" name="intent" value="homepage" variant="secondary">
              {props.homepage ? "Stop showing on the home page" : "Show on the home page"}
            </Button>
          </Form>
        )}
        {props.status === "deleted"
          ? status("undelete", "Undelete")
          : status("delete", "Move to the bin")}
      </div>
      {props.status === "deleted" ? <PurgeForm errors={props.fieldErrors["confirm"]} /> : null}
    </section>
  );
}
