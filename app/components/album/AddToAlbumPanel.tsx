import { Form, type FetcherWithComponents } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { Link } from "react-aria-components/Link";
import { SearchField } from "react-aria-components/SearchField";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import type { FormReplyBody } from "~/http/error";
import type { AddToAlbumOutcome, AddToAlbumPage } from "~/http/album/add-to-album.server";
import { MAX_ALBUM_NAME } from "~/models/album/album-limits";
import { alertDanger, alertInfo, alertWarning, muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as css from "./add-to-album.css";

const SHOWN_NAMES = 10;
export const NEW_ALBUM = "new";

/** The page's URL for this selection (and search): where the form posts and the search reloads. */
export function addToAlbumPath(page: Pick<AddToAlbumPage, "assetIds" | "back">, q = ""): string {
  const query = new URLSearchParams([
    ...page.assetIds.map((id) => ["asset", String(id)]),
    ...(q ? [["q", q]] : []),
    ["back", page.back],
  ]);
  return `${LINKS.addToAlbum}?${query}`;
}

function repopulated(reply: FormReplyBody | undefined, name: string): string | undefined {
  const value = reply?.repopulateFields?.[name];
  return typeof value === "string" ? value : undefined;
}

/** What the dialog shows after adding: the counts, each refusal by name, and the album. */
export function AddToAlbumResult({ outcome }: { outcome: AddToAlbumOutcome }) {
  const t = useT();
  return (
    <div className={css.result} role="status">
      <p>{outcome.message}</p>
      {outcome.refused.length > 0 ? (
        <ul aria-label={t("album.addTo.refusedLabel")}>
          {outcome.refused.map((r) => (
            <li key={r.id}>{t("album.addTo.refusal", { name: r.name, reason: r.reason })}</li>
          ))}
        </ul>
      ) : null}
      {outcome.album ? (
        <p>
          <Link href={outcome.album.href}>
            {t("album.addTo.open", { name: outcome.album.name })}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The albums the viewer may add to, as radio buttons, and "New album" with its name for those
 * who may create; a search narrows the list. A plain GET and POST form on its own page; in the
 * dialog the same form goes through a fetcher and the search reloads the dialog's data.
 */
export function AddToAlbumPanel({
  page,
  reply,
  fetcher,
  onSearch,
  onCancel,
}: {
  page: AddToAlbumPage;
  reply?: FormReplyBody;
  fetcher?: FetcherWithComponents<unknown>;
  onSearch?: (q: string) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const [choice, setChoice] = useState<string | undefined>(repopulated(reply, "album"));
  const [q, setQ] = useState(page.q);
  const errors = reply?.fieldErrors ?? {};
  const hidden = page.assetIds.length - page.assets.length;
  const PostForm = fetcher ? fetcher.Form : Form;
  const options = [
    ...page.albums.map((a) => ({
      value: String(a.id),
      label: a.owner
        ? t("album.addTo.optionOwner", { name: a.name, owner: a.owner, count: a.assetCount })
        : t("album.addTo.option", { name: a.name, count: a.assetCount }),
    })),
    ...(page.canCreate ? [{ value: NEW_ALBUM, label: t("album.addTo.newAlbum") }] : []),
  ];
  const search = (event: FormEvent<HTMLFormElement>) => {
    if (!onSearch) return;
    event.preventDefault();
    onSearch(q);
  };
  return (
    <div className={css.panel}>
      <h2 id="add-to-album-heading">{t("album.addTo.heading", { count: page.assetIds.length })}</h2>
      {page.assets.length > 0 ? (
        <ul className={css.selection} aria-label={t("album.addTo.selected")}>
          {page.assets.slice(0, SHOWN_NAMES).map((a) => (
            <li key={a.id}>{a.name}</li>
          ))}
          {page.assets.length > SHOWN_NAMES ? (
            <li>{t("album.addTo.more", { count: page.assets.length - SHOWN_NAMES })}</li>
          ) : null}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <p className={alertWarning}>{t("album.addTo.hidden", { count: hidden })}</p>
      ) : null}
      <Form
        method="get"
        action={LINKS.addToAlbum}
        className={css.search}
        onSubmit={search}
        role="search"
      >
        {page.assetIds.map((id) => (
          <input key={id} type="hidden" name="asset" value={id} />
        ))}
        <input type="hidden" name="back" value={page.back} />
        <SearchField name="q" value={q} onChange={setQ} className={controls.field}>
          <Label className={controls.label}>{t("album.addTo.find")}</Label>
          <Input className={controls.input} maxLength={200} />
        </SearchField>
        <Button type="submit" variant="secondary">
          {t("album.addTo.search")}
        </Button>
      </Form>
      <PostForm
        method="post"
        action={addToAlbumPath(page, page.q)}
        noValidate
        aria-labelledby="add-to-album-heading"
        className={css.panel}
      >
        {page.assetIds.map((id) => (
          <input key={id} type="hidden" name="asset" value={id} />
        ))}
        <input type="hidden" name="back" value={page.back} />
        {fetcher ? <input type="hidden" name="_fetch" value="1" /> : null}
        {reply?.formError ? (
          <p className={alertDanger} role="alert">
            {reply.formError}
          </p>
        ) : null}
        {options.length === 0 ? (
          <p className={alertInfo}>{page.q ? t("album.addTo.noMatch") : t("album.addTo.none")}</p>
        ) : (
          <div className={css.albums}>
            <RadioGroupField
              label={t("album.addTo.album")}
              name="album"
              options={options}
              value={choice ?? null}
              onChange={setChoice}
              errors={errors.album}
            />
          </div>
        )}
        {page.canCreate ? (
          <TextField
            label={t("album.addTo.newName")}
            name="name"
            description={t("album.addTo.newNameHint")}
            maxLength={MAX_ALBUM_NAME}
            defaultValue={repopulated(reply, "name") ?? ""}
            onChange={(value) => {
              if (value.trim() !== "") setChoice(NEW_ALBUM);
            }}
            errors={errors.name}
          />
        ) : null}
        <div className={css.actions}>
          <Button type="submit" isDisabled={fetcher?.state === "submitting"}>
            {t("album.addTo.submit")}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel}>
              {t("album.close")}
            </Button>
          ) : (
            <a href={page.back} className={muted}>
              {t("album.cancel")}
            </a>
          )}
        </div>
      </PostForm>
    </div>
  );
}
