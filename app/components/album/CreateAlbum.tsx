import { withZod } from "@remix-validated-form/with-zod";
import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Dialog, DialogTrigger } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Popover } from "react-aria-components/Popover";
import { ValidatedForm } from "remix-validated-form";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import { ValidatedTextField } from "~/components/ui/ValidatedTextField";
import { albumNameToCreate } from "~/models/album/album-list.view";
import { MAX_ALBUM_DESCRIPTION, MAX_ALBUM_NAME } from "~/models/album/album-limits";
import { albumCreateSchema } from "~/models/album/album.schema";
import { LINKS } from "~/utils/links";
import { ALBUMS_ACTION } from "./AlbumTile";
import * as css from "./albums.css";
import { useLocalizedValidator } from "~/components/locale/validation";

export const albumCreateValidator = withZod(albumCreateSchema);

// Loaded if a create fails: the error dialog's code is not the list's to carry.
const ErrorDialog = lazy(() =>
  import("~/components/ui/ErrorDialog").then((m) => ({ default: m.ErrorDialog })),
);

/**
 * The create form without JavaScript (`?create=1`, and again with its errors after a 400): a
 * flat remix-validated-form posting to the page, which goes on to the new album.
 */
export function CreateAlbumForm() {
  const t = useT();
  return (
    <section className={css.createPanel} aria-labelledby="create-album-title">
      <h2 id="create-album-title">{t("album.create.title")}</h2>
      <ValidatedForm
        validator={useLocalizedValidator(albumCreateValidator)}
        method="post"
        action={ALBUMS_ACTION}
        noValidate
      >
        <input type="hidden" name="intent" value="create" />
        <ValidatedTextField label={t("album.name")} name="name" maxLength={MAX_ALBUM_NAME + 50} />
        <ValidatedTextField
          label={t("album.description")}
          name="description"
          multiline
          maxLength={MAX_ALBUM_DESCRIPTION}
        />
        <div className={css.row}>
          <Button type="submit">{t("album.create.submit")}</Button>
          <Link to={LINKS.albums} className={css.actionLink}>
            {t("album.cancel")}
          </Link>
        </div>
      </ValidatedForm>
    </section>
  );
}

/** The popover with JavaScript (spec 000): a name; success goes to the album, failure says so. */
function CreatePopover() {
  const t = useT();
  const fetcher = useFetcher<{ error?: string; value?: string }>();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (
      fetcher.state === "idle" &&
      fetcher.data &&
      ("error" in fetcher.data || "value" in fetcher.data)
    )
      setFailed(true);
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <Button data-testid="album-create">{t("album.create.submit")}</Button>
        <Popover className={css.popover} placement="bottom start">
          <Dialog className={css.popoverDialog} aria-labelledby="create-album-heading">
            <Heading slot="title" id="create-album-heading">
              {t("album.create.title")}
            </Heading>
            <form
              className={css.popoverDialog}
              onSubmit={(event) => {
                event.preventDefault();
                const trimmed = albumNameToCreate(name);
                if (trimmed === null) return;
                setOpen(false);
                setName("");
                fetcher.submit(
                  { intent: "create", name: trimmed, description: "" },
                  { method: "post", action: ALBUMS_ACTION },
                );
              }}
            >
              <TextField
                label={t("album.name")}
                name="name"
                value={name}
                onChange={setName}
                autoFocus
                maxLength={MAX_ALBUM_NAME + 50}
              />
              <Button type="submit">{t("album.create.submit")}</Button>
            </form>
          </Dialog>
        </Popover>
      </DialogTrigger>
      {failed ? (
        <Suspense fallback={null}>
          <ErrorDialog message={t("album.create.failed")} onClose={() => setFailed(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Create: a popover with JavaScript, a link to the page's create form without. */
export function CreateAlbum() {
  const t = useT();
  const hydrated = useHydrated();
  if (hydrated) return <CreatePopover />;
  return (
    <Link to={`${LINKS.albums}?create=1`} className={css.actionLink} data-testid="album-create">
      {t("album.create.submit")}
    </Link>
  );
}
