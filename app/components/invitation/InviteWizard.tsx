import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components/Tabs";
import { useHydrated } from "~/utils/use-hydrated";
import { z } from "zod";
import { conformResult, type FormReplyBody } from "~/http/error";
import {
  addressesToAdd,
  INVITATION_KINDS,
  invitationFormSchemaIn,
  splitAddresses,
  type GroupChoice,
  type InvitationKind,
  type InviteWizardState,
} from "~/models/invitation/invitation.schema";
import { Button } from "~/components/ui/Button";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import { TextField } from "~/components/ui/TextField";
import { muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import * as controls from "~/components/ui/controls.css";
import * as css from "./invitations.css";
import { useConformErrors } from "~/components/locale/validation";
import { useLocale, useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

const KIND_LABELS: Record<InvitationKind, MessageId> = {
  user: "people.invite.kind.user",
  organization: "people.invite.kind.organization",
  link: "people.invite.kind.link",
};

/* The no-JS radio choice says what each kind asks for. */
const KIND_CHOICES: Record<InvitationKind, MessageId> = {
  user: "people.invite.kindChoice.user",
  organization: "people.invite.kindChoice.organization",
  link: "people.invite.kindChoice.link",
};

/** The spec's delay before the group search runs while typing (002 section 9). */
const SEARCH_DELAY_MS = 500;

export const EMPTY_WIZARD: InviteWizardState = {
  step: "recipients",
  kind: "user",
  emails: "",
  organizationDomain: "",
  message: "",
  description: "",
  expires: "",
  groups: [],
  query: "",
  results: [],
};

/* With JavaScript a button acts in the page; without, it posts its intent to the server. */
const pressOrPost = (hydrated: boolean, onPress: () => void, intent: string) =>
  hydrated
    ? ({ type: "button", onPress } as const)
    : ({ type: "submit", name: "intent", value: intent } as const);

/* Back keeps what was typed, right or wrong, as the server does. */
const anything = z.record(z.unknown());

/*
 * The invite wizard (spec 002 section 4): recipients, then groups, then invite. Without
 * JavaScript every button posts and the server answers the next step; the kind is a radio choice
 * and every field shows. With it the kinds are tabs that keep what was typed when switching, pasted
 * addresses are split and only valid new ones kept, and groups are found while typing (500 ms) and
 * added or removed in the page; the steps still go through the server, which checks them.
 * A Conform form (its groups are a repeated field): the browser checks each step with the
 * action's schema before posting, and the server's refusal shows every error by its field.
 */
export function InviteWizard({
  initial,
  reply,
}: {
  initial: InviteWizardState;
  reply?: Partial<FormReplyBody>;
}) {
  const t = useT();
  const { timeZone } = useLocale();
  const hydrated = useHydrated();
  const conformErrors = useConformErrors();
  const [form, fields] = useForm({
    id: "invite-wizard",
    lastResult: conformResult(reply),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === "back" ? anything : invitationFormSchemaIn(timeZone),
        disableAutoCoercion: true,
        formatError: conformErrors,
      }),
  });
  // Both steps post to the same action as one Conform form (the step is a field).
  const wizardForm = {
    method: "post",
    action: LINKS.adminInvite,
    ...getFormProps(form),
    noValidate: true,
    className: css.form,
  } as const;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [kind, setKind] = useState<InvitationKind>(initial.kind);
  const [emails, setEmails] = useState(initial.emails);
  const [organizationDomain, setDomain] = useState(initial.organizationDomain);
  const [message, setMessage] = useState(initial.message);
  const [description, setDescription] = useState(initial.description);
  const [expires, setExpires] = useState(initial.expires);
  const [groups, setGroups] = useState<GroupChoice[]>(initial.groups);
  const [query, setQuery] = useState(initial.query);
  const [pasteNote, setPasteNote] = useState("");
  // The fields shown with JavaScript are named "…-shown": the errors go by the posted names.
  const errors = {
    kind: fields.kind.errors,
    emails: fields.emails.errors,
    organizationDomain: fields.organizationDomain.errors,
    message: fields.message.errors,
    description: fields.description.errors,
    expires: fields.expires.errors,
    groups: fields.groups.errors,
  };

  const search = useFetcher<{ results: GroupChoice[] }>();
  const typed = useRef(false);
  useEffect(() => {
    if (!hydrated || !typed.current) return;
    const q = query.trim();
    if (q === "") return;
    const timer = setTimeout(
      () => search.load(`${LINKS.adminInvite}?q=${encodeURIComponent(q)}`),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
    // search.load changes identity on each render; the query alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, hydrated]);
  const results =
    typed.current && query.trim() === "" ? [] : (search.data?.results ?? initial.results);

  const carried = (
    <>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="emails" value={emails} />
      <input type="hidden" name="organizationDomain" value={organizationDomain} />
      <input type="hidden" name="message" value={message} />
      <input type="hidden" name="description" value={description} />
      <input type="hidden" name="expires" value={expires} />
    </>
  );
  const chosenInputs = groups.map((g) => (
    <input key={g.id} type="hidden" name="groups" value={g.href} />
  ));

  if (initial.step === "groups") {
    const chosen = new Set(groups.map((g) => g.id));
    return (
      <Form {...wizardForm}>
        <p className={css.steps}>{t("people.invite.step2")}</p>
        {carried}
        {chosenInputs}
        <div className={css.search}>
          <TextField
            label={t("people.invite.findGroups")}
            name="query"
            type="search"
            value={query}
            onChange={(value) => {
              typed.current = true;
              setQuery(value);
            }}
            description={t("people.invite.findGroupsHelp")}
          />
          <Button type="submit" name="intent" value="search" variant="secondary">
            {t("people.invite.search")}
          </Button>
        </div>
        <section aria-labelledby="found-title">
          <h3 id="found-title">{t("people.invite.groupsFound")}</h3>
          {results.length === 0 ? (
            <p className={muted} role="status">
              {query.trim() === ""
                ? t("people.invite.searchToFind")
                : t("people.invite.noGroupMatches")}
            </p>
          ) : (
            <ul className={css.groupList}>
              {results.map((group) => (
                <li key={group.id} className={css.groupItem}>
                  <span>{group.name}</span>
                  {chosen.has(group.id) ? (
                    <span className={muted}>{t("people.invite.added")}</span>
                  ) : (
                    <Button
                      variant="secondary"
                      aria-label={t("people.invite.addGroup", { name: group.name })}
                      {...pressOrPost(
                        hydrated,
                        () => setGroups([...groups, group]),
                        `add:${group.id}`,
                      )}
                    >
                      {t("people.invite.add")}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="chosen-title">
          <h3 id="chosen-title">{t("people.invite.chosenGroups")}</h3>
          {groups.length === 0 ? (
            <p className={muted}>{t("people.invite.noGroups")}</p>
          ) : (
            <ul className={css.groupList} aria-label={t("people.invite.chosenGroups")}>
              {groups.map((group) => (
                <li key={group.id} className={css.groupItem}>
                  <span>{group.name}</span>
                  <Button
                    variant="quiet"
                    aria-label={t("people.invite.removeGroup", { name: group.name })}
                    {...pressOrPost(
                      hydrated,
                      () => setGroups(groups.filter((g) => g.id !== group.id)),
                      `remove:${group.id}`,
                    )}
                  >
                    {t("people.invite.remove")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {errors.groups ? (
            <p className={controls.fieldError} role="alert">
              {errors.groups.join(" ")}
            </p>
          ) : null}
        </section>
        <div className={css.actions}>
          <Button type="submit" name="intent" value="back" variant="secondary">
            {t("people.invite.back")}
          </Button>
          <Button type="submit" name="intent" value="invite" isDisabled={busy}>
            {busy ? t("people.invite.inviting") : t("people.invite.invite")}
          </Button>
        </div>
      </Form>
    );
  }

  const emailsField = (
    <TextField
      label={t("people.invite.emails")}
      name={hydrated ? "emails-shown" : "emails"}
      multiline
      {...(hydrated
        ? {
            value: emails,
            onChange: (value: string) => {
              setEmails(value);
              setPasteNote("");
            },
          }
        : { defaultValue: emails })}
      onPaste={(event) => {
        const pasted = event.clipboardData.getData("text");
        if (!/[\s,;]/.test(pasted.trim())) return;
        event.preventDefault();
        const listed = splitAddresses(emails);
        const added = addressesToAdd(listed, pasted);
        const skipped = splitAddresses(pasted).length - added.length;
        setEmails([...listed, ...added].join("\n"));
        setPasteNote(t("people.invite.pasted", { added: added.length, skipped }));
      }}
      errors={errors.emails}
      description={t("people.invite.emailsHelp")}
    />
  );
  const domainField = (
    <TextField
      label={t("people.invite.domain")}
      name={hydrated ? "organizationDomain-shown" : "organizationDomain"}
      {...(hydrated
        ? { value: organizationDomain, onChange: setDomain }
        : { defaultValue: organizationDomain })}
      errors={errors.organizationDomain}
      description={t("people.invite.domainHelp")}
    />
  );
  const linkNote = <p className={muted}>{t("people.invite.linkHelp")}</p>;

  return (
    <Form {...wizardForm}>
      <p className={css.steps}>{t("people.invite.step1")}</p>
      {hydrated ? (
        <>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="emails" value={emails} />
          <input type="hidden" name="organizationDomain" value={organizationDomain} />
          <Tabs selectedKey={kind} onSelectionChange={(key) => setKind(key as InvitationKind)}>
            <TabList aria-label={t("people.invite.by")} className={css.tabList}>
              {INVITATION_KINDS.map((k) => (
                <Tab key={k} id={k} className={css.tab}>
                  {t(KIND_LABELS[k])}
                </Tab>
              ))}
            </TabList>
            <TabPanel id="user" className={css.tabPanel}>
              {emailsField}
              {pasteNote ? <p role="status">{pasteNote}</p> : null}
            </TabPanel>
            <TabPanel id="organization" className={css.tabPanel}>
              {domainField}
            </TabPanel>
            <TabPanel id="link" className={css.tabPanel}>
              {linkNote}
            </TabPanel>
          </Tabs>
        </>
      ) : (
        <>
          <RadioGroupField
            label={t("people.invite.by")}
            name="kind"
            defaultValue={kind}
            errors={errors.kind}
            options={INVITATION_KINDS.map((k) => ({
              value: k,
              label: t(KIND_CHOICES[k]),
            }))}
          />
          {emailsField}
          {domainField}
        </>
      )}
      <TextField
        label={t("people.invite.message")}
        name={hydrated ? "message-shown" : "message"}
        multiline
        {...(hydrated ? { value: message, onChange: setMessage } : { defaultValue: message })}
        errors={errors.message}
        description={t("people.invite.messageHelp")}
      />
      <TextField
        label={t("people.invite.description")}
        name={hydrated ? "description-shown" : "description"}
        {...(hydrated
          ? { value: description, onChange: setDescription }
          : { defaultValue: description })}
        errors={errors.description}
        description={t("people.invite.descriptionHelp")}
      />
      <TextField
        label={t("people.invite.expires")}
        name={hydrated ? "expires-shown" : "expires"}
        type="date"
        {...(hydrated ? { value: expires, onChange: setExpires } : { defaultValue: expires })}
        errors={errors.expires}
        description={t("people.invite.expiresHelp")}
      />
      {hydrated ? (
        <>
          <input type="hidden" name="message" value={message} />
          <input type="hidden" name="description" value={description} />
          <input type="hidden" name="expires" value={expires} />
        </>
      ) : null}
      {chosenInputs}
      <div className={css.actions}>
        <Button type="submit" name="intent" value="next">
          {t("people.invite.next")}
        </Button>
        <Link to={LINKS.adminInvitations} className={css.link}>
          {t("people.invite.cancel")}
        </Link>
      </div>
    </Form>
  );
}
