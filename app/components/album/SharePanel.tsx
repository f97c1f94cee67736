import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { SearchField } from "react-aria-components/SearchField";
import { useHydrated } from "~/utils/use-hydrated";
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

const accessText = (share: Pick<AlbumShare, "access" | "download">) =>
  (share.access === "contribute" ? "Can view and add" : "Can view") +
  (share.download ? ", may download originals" : "");

/** The album's shares, each with a plain form to remove it. */
export function ShareList({ shares }: { shares: AlbumShare[] }) {
  if (shares.length === 0) return <p>This album is not shared with anyone yet.</p>;
  return (
    <ul className={css.list} aria-label="Shared with">
      {shares.map((share) => (
        <li key={`${share.type}:${share.id}`} className={css.row}>
          <span className={css.who}>
            <strong>{share.name}</strong>
            <span className={css.detail}>
              {`${share.type === "user" ? "User" : "Group"} · ${accessText(share)}`}
            </span>
          </span>
          <Form method="post">
            <input type="hidden" name="intent" value="remove-share" />
            <input type="hidden" name="target" value={`${share.type}:${share.id}`} />
            <Button type="submit" variant="secondary" aria-label={`Remove ${share.name}`}>
              Remove
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** Without JavaScript: a GET form that lists matching people on this page. */
export function SharePeopleSearch({ query, error }: { query: string; error: string | null }) {
  return (
    <Form method="get" className={css.inline} role="search" aria-label="Search people">
      <SearchField
        name="people"
        defaultValue={query}
        className={controls.field}
        isInvalid={Boolean(error)}
        validationBehavior="aria"
      >
        <Label className={controls.label}>Search people and groups</Label>
        <Input className={controls.input} maxLength={MAX_PEOPLE_QUERY} />
        {error ? (
          <span className={controls.fieldError} role="alert">
            {error}
          </span>
        ) : null}
      </SearchField>
      <Button type="submit" variant="secondary">
        Search people
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
  const hydrated = useHydrated();
  const errors = reply?.fieldErrors ?? {};
  const values = (reply?.repopulateFields ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  return (
    <Form method="post" className={css.form} aria-label="Share the album">
      <input type="hidden" name="intent" value="add-share" />
      {hydrated ? (
        <SharePeoplePicker api={peopleApi} errors={errors.target} />
      ) : (
        <SharePeopleChoices people={people} errors={errors.target} />
      )}
      <RadioGroupField
        name="access"
        label="Access"
        defaultValue={text("access") || "view"}
        errors={errors.access}
        options={[
          { value: "view", label: "View" },
          { value: "contribute", label: "View and add assets (contribute)" },
        ]}
      />
      {delegateDownloads ? (
        <CheckboxField
          name="download"
          defaultSelected={text("download") === "on"}
          errors={errors.download}
        >
          Allow downloads of originals
        </CheckboxField>
      ) : errors.download ? (
        <p className={controls.fieldError} role="alert">
          {errors.download}
        </p>
      ) : null}
      <TextField
        name="messageTitle"
        label="Message title (optional)"
        defaultValue={text("messageTitle")}
        maxLength={MAX_SHARE_MESSAGE_TITLE}
        errors={errors.messageTitle}
      />
      <TextField
        name="messageBody"
        label="Message (optional)"
        description="Mailed to the people you share with, with a link to the album."
        multiline
        defaultValue={text("messageBody")}
        maxLength={MAX_SHARE_MESSAGE_BODY}
        errors={errors.messageBody}
      />
      <div>
        <Button type="submit">Share</Button>
      </div>
    </Form>
  );
}

/**
 * The form-wide error: the spec's share failure in the error dialog with JavaScript, or in the
 * page's error area without it; other messages always in the error area.
 */
export function ShareFormError({ reply }: { reply: Reply }) {
  const hydrated = useHydrated();
  const message = reply?.formError;
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(message === SHARE_FAILED), [reply, message]);
  if (!message) return null;
  if (hydrated && message === SHARE_FAILED)
    return open ? (
      <ErrorDialog title="Error" message={SHARE_FAILED} onClose={() => setOpen(false)} />
    ) : null;
  return (
    <p className={alertDanger} role="alert">
      {message}
    </p>
  );
}

/** How many public links are open, and the way to their pages. */
export function ShareLinksSummary({ count, href }: { count: number; href: string }) {
  return (
    <p>
      {count === 0
        ? "No public link is open. "
        : count === 1
          ? "1 public link is open. "
          : `${count} public links are open. `}
      <Link to={href} className={css.link}>
        Manage public links
      </Link>
    </p>
  );
}
