import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { TextField } from "~/components/ui/TextField";
import { MAX_ALBUM_DESCRIPTION, MAX_ALBUM_NAME } from "~/models/album/album-limits";
import type { AlbumStatus } from "~/models/album/album.schema";
import * as css from "./album-page.css";

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
  /** What a refused post sent, shown again instead of the stored values. */
  posted?: Record<string, unknown>;
}

const postedText = (posted: Record<string, unknown> | undefined, name: string) => {
  const value = posted?.[name];
  return typeof value === "string" ? value : undefined;
};

/*
 * The rename form, the same with and without JavaScript: a plain post that the action checks
 * with the album schema, whose refusal comes back with every message by its field and what was
 * typed (decision 092). In the dialog it stays open until the post is saved.
 */
export function RenameForm(props: AlbumActionsProps & { onCancel?: () => void }) {
  const { fieldErrors, posted } = props;
  return (
    <Form method="post" noValidate aria-label="Rename and describe">
      <input type="hidden" name="intent" value="rename" />
      <TextField
        label="Name"
        name="name"
        defaultValue={postedText(posted, "name") ?? props.name}
        errors={fieldErrors["name"]}
        maxLength={MAX_ALBUM_NAME}
        isRequired
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={postedText(posted, "description") ?? props.description}
        errors={fieldErrors["description"]}
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
    </Form>
  );
}

export function PurgeForm({ errors, onCancel }: { errors?: string; onCancel?: () => void }) {
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
export function AlbumActionForms(props: AlbumActionsProps) {
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
