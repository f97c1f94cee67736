import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { useHydrated } from "~/utils/use-hydrated";
import { useT } from "~/components/locale/locale-context";
import { Msg } from "~/components/locale/Msg";
import type { MessageId } from "~/models/locale/message-id";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import * as controls from "~/components/ui/controls.css";
import { ErrorDialog } from "~/components/ui/ErrorDialog";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { TextField } from "~/components/ui/TextField";
import type { FormReplyBody } from "~/http/error";
import type { AlbumShare } from "~/models/album/album-shares.server";
import {
  MAX_PEOPLE_QUERY,
  MAX_SHARE_MESSAGE_BODY,
  MAX_SHARE_MESSAGE_TITLE,
} from "~/models/album/album-shares.schema";
import { SHARE_FAILED } from "~/models/album/album.schema";
import { alertDanger } from "~/styles/global.css";
import { SharePeopleChoices, SharePeoplePicker, type PersonChoice } from "./SharePeople";
import * as css from "./share-panel.css";

type Reply = Partial<FormReplyBody> | undefined;

/** What a share allows, by access and whether originals download. */
const ACCESS_WORDS = {
  view: "album.share.access.view",
  contribute: "album.share.access.contribute",
  viewDownload: "album.share.access.viewDownload",
  contributeDownload: "album.share.access.contributeDownload",
} as const satisfies Record<string, MessageId>;

const accessWords = (share: Pick<AlbumShare, "access" | "download">) =>
  ACCESS_WORDS[
    `${share.access === "contribute" ? "contribute" : "view"}${share.download ? "Download" : ""}` as keyof typeof ACCESS_WORDS
  ];

/** The album's shares, each with a plain form to remove it. */
export function ShareList({ shares }: { shares: AlbumShare[] }) {
  const t = useT();
  if (shares.length === 0) return <p>{t("album.share.none")}</p>;
  return (
    <ul className={css.list} aria-label={t("album.sharedWith")}>
      {shares.map((share) => (
        <li key={`${share.type}:${share.id}`} className={css.row}>
          <span className={css.who}>
            <strong>{share.name}</strong>
            <span className={css.detail}>
              {share.type === "user"
                ? t("album.share.user", { access: t(accessWords(share)) })
                : t("album.share.group", { access: t(accessWords(share)) })}
            </span>
          </span>
          <Form method="post">
            <input type="hidden" name="intent" value="remove-share" />
            <input type="hidden" name="target" value={`${share.type}:${share.id}`} />
            <Button
              type="submit"
              variant="secondary"
              aria-label={t("album.share.removeName", { name: share.name })}
            >
              {t("album.share.remove")}
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** Without JavaScript: a GET form that lists matching people on this page. */
export function SharePeopleSearch({ query, error }: { query: string; error: string | null }) {
  const t = useT();
  return (
    <Form
      method="get"
      className={css.inline}
      role="search"
      aria-label={t("album.share.searchPeople")}
    >
      <SearchField
        name="people"
        defaultValue={query}
        className={controls.field}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
      >
        <Label className={controls.label}>{t("album.share.searchLabel")}</Label>
        <Input className={controls.input} maxLength={MAX_PEOPLE_QUERY} />
        {error ? (
          <span className={controls.fieldError} role="alert">
            {error}
          </span>
        ) : null}
      </SearchField>
      <Button type="submit" variant="secondary">
        {t("album.share.searchPeople")}
      </Button>
    </Form>
  );
}

export interface ShareAddFormProps {
  peopleApi: string;
  people: PersonChoice[] | null;
  delegateDownloads: boolean;
  reply: Reply;
}

/**
 * Adds or changes a share: who (the picker with JavaScript, the search's matches without), view
 * or contribute, downloads when the owner may delegate them, and an optional mailed message.
 */
export function ShareAddForm({ peopleApi, people, delegateDownloads, reply }: ShareAddFormProps) {
  const t = useT();
  const hydrated = useHydrated();
  const errors = reply?.fieldErrors ?? {};
  const values = (reply?.repopulateFields ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  return (
    <Form method="post" className={css.form} aria-label={t("album.shareAlbum")}>
      <input type="hidden" name="intent" value="add-share" />
      {hydrated ? (
        <SharePeoplePicker api={peopleApi} errors={errors.target} />
      ) : (
        <SharePeopleChoices people={people} errors={errors.target} />
      )}
      <RadioGroupField
        name="access"
        label={t("album.share.accessLabel")}
        defaultValue={text("access") || "view"}
        errors={errors.access}
        options={[
          { value: "view", label: t("album.share.optionView") },
          { value: "contribute", label: t("album.share.optionContribute") },
        ]}
      />
      {delegateDownloads ? (
        <CheckboxField
          name="download"
          defaultSelected={text("download") === "on"}
          errors={errors.download}
        >
          {t("album.share.allowDownloads")}
        </CheckboxField>
      ) : errors.download ? (
        <p className={controls.fieldError} role="alert">
          {errors.download}
        </p>
      ) : null}
      <TextField
        name="messageTitle"
        label={t("album.share.messageTitle")}
        defaultValue={text("messageTitle")}
        maxLength={MAX_SHARE_MESSAGE_TITLE}
        errors={errors.messageTitle}
      />
      <TextField
        name="messageBody"
        label={t("album.share.message")}
        description={t("album.share.messageHint")}
        multiline
        defaultValue={text("messageBody")}
        maxLength={MAX_SHARE_MESSAGE_BODY}
        errors={errors.messageBody}
      />
      <div>
        <Button type="submit">{t("album.share.submit")}</Button>
      </div>
    </Form>
  );
}

/**
 * The form-wide error: the spec's share failure in the error dialog with JavaScript, or in the
 * page's error area without it; other messages always in the error area.
 */
export function ShareFormError({ reply }: { reply: Reply }) {
  const t = useT();
  const hydrated = useHydrated();
  const message = reply?.formError;
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(message === SHARE_FAILED), [reply, message]);
  if (!message) return null;
  if (hydrated && message === SHARE_FAILED)
    return open ? (
      <ErrorDialog
        title={t("album.share.errorTitle")}
        message={t("album.share.failed")}
        onClose={() => setOpen(false)}
      />
    ) : null;
  return (
    <p className={alertDanger} role="alert">
      {message === SHARE_FAILED ? t("album.share.failed") : message}
    </p>
  );
}

/** How many public links are open, and the way to their pages. */
export function ShareLinksSummary({ count, href }: { count: number; href: string }) {
  const link = <Link to={href} className={css.link} />;
  return (
    <p>
      {count === 0 ? (
        <Msg id="album.share.linksNone" components={{ 0: link }} />
      ) : (
        <Msg id="album.share.linksOpen" values={{ count }} components={{ 0: link }} />
      )}
    </p>
  );
}
