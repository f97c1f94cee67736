import { Form } from "@remix-run/react";
import { useT } from "~/components/locale/locale-context";
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
  const t = useT();
  const { fieldErrors, posted } = props;
  return (
    <Form method="post" noValidate aria-label={t("album.actions.rename")}>
      <input type="hidden" name="intent" value="rename" />
      <TextField
        label={t("album.name")}
        name="name"
        defaultValue={postedText(posted, "name") ?? props.name}
        errors={fieldErrors["name"]}
        maxLength={MAX_ALBUM_NAME}
        isRequired
      />
      <TextField
        label={t("album.description")}
        name="description"
        defaultValue={postedText(posted, "description") ?? props.description}
        errors={fieldErrors["description"]}
        multiline
        maxLength={MAX_ALBUM_DESCRIPTION}
      />
      <div className={css.actions}>
        <Button type="submit">{t("album.actions.save")}</Button>
        {props.onCancel ? (
          <Button variant="secondary" onPress={props.onCancel}>
            {t("album.cancel")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

export function PurgeForm({ errors, onCancel }: { errors?: string; onCancel?: () => void }) {
  const t = useT();
  return (
    <Form method="post" className={css.actions} aria-label={t("album.deleteForever")}>
      <input type="hidden" name="intent" value="purge" />
      <CheckboxField name="confirm" errors={errors ? [errors] : undefined}>
        {t("album.actions.purgeConfirm")}
      </CheckboxField>
      <Button type="submit">{t("album.deleteForever")}</Button>
      {onCancel ? (
        <Button variant="secondary" onPress={onCancel}>
          {t("album.cancel")}
        </Button>
      ) : null}
    </Form>
  );
}

/** Without JavaScript: the same actions as plain forms on the page. */
export function AlbumActionForms(props: AlbumActionsProps) {
  const t = useT();
  const status = (intent: string, label: string) => (
    <Form method="post" className={css.inlineForm}>
      <Button type="submit" name="intent" value={intent} variant="secondary">
        {label}
      </Button>
    </Form>
  );
  // The status the album may go to from the one it is in.
  const changes = {
    archive: props.status === "active" ? status("archive", t("album.actions.archive")) : null,
    unarchive: props.status === "archived" ? status("unarchive", t("album.unarchive")) : null,
    clearCover: props.hasCover ? status("clear-cover", t("album.actions.clearCover")) : null,
    bin:
      props.status === "deleted"
        ? status("undelete", t("album.undelete"))
        : status("delete", t("album.actions.delete")),
  };
  return (
    <section className={css.section} aria-labelledby="album-actions">
      <h2 id="album-actions" className={css.sectionTitle}>
        {t("album.actions.title")}
      </h2>
      <RenameForm {...props} />
      <div className={css.actions}>
        {changes.archive}
        {changes.unarchive}
        {changes.clearCover}
        {props.homepage === null ? null : (
          <Form method="post" className={css.inlineForm}>
            <input type="hidden" name="show" value={props.homepage ? "0" : "1"} />
            <Button type="submit" name="intent" value="homepage" variant="secondary">
              {props.homepage ? t("album.actions.homepageStop") : t("album.actions.homepageShow")}
            </Button>
          </Form>
        )}
        {changes.bin}
      </div>
      {props.status === "deleted" ? <PurgeForm errors={props.fieldErrors["confirm"]} /> : null}
    </section>
  );
}
