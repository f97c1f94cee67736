import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { useHydrated } from "~/utils/use-hydrated";
import { z } from "zod";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import * as controls from "~/components/ui/controls.css";
import { conformResult, type FormReplyBody } from "~/http/error";
import { CAPABILITY_EFFECTS, type Arrival } from "~/models/access/permission-effects";
import {
  ALBUM_CAPABILITIES,
  applyPermissionRules,
  groupFormToInput,
  groupInputSchema,
  hasFlag,
  LICENSE_LEVEL_NAMES,
  LICENSE_MODE_NAMES,
  PERMISSION_SECTIONS,
  SITE_CAPABILITIES,
  type Capability,
  type GroupPermissions,
} from "~/models/group/group.schema";
import type { GroupView } from "~/models/group/group.view";
import { muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { AddMembersDialog, type Choice } from "./AddMembersDialog";
import * as css from "./groups.css";
import { useConformErrors } from "~/components/locale/validation";
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

/** What the editor says under a flag that takes effect only when its feature arrives. */
const ARRIVAL_NOTES: Record<Arrival, MessageId> = {
  orders: "people.perm.arrival.orders",
  comments: "people.perm.arrival.comments",
  cropAndDownload: "people.perm.arrival.cropAndDownload",
  video: "people.perm.arrival.video",
  consent: "people.perm.arrival.consent",
  webhooks: "people.perm.arrival.webhooks",
  activity: "people.perm.arrival.activity",
  appearance: "people.perm.arrival.appearance",
};

export interface NamedGroup {
  id: number;
  name: string;
}
export interface NamedUser {
  id: number;
  username: string;
  fullName: string;
}

/** The editor's form checked on the client with the server's schema, as the server reads it. */
const groupFormSchema = z.preprocess(
  (v) => groupFormToInput((v ?? {}) as Record<string, unknown>),
  groupInputSchema,
);

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is string => typeof v === "string",
  );

function toPermissions(ticked: ReadonlySet<string>): GroupPermissions {
  return {
    albums: Object.fromEntries(ALBUM_CAPABILITIES.map((c) => [c, ticked.has(`albums.${c}`)])),
    ...Object.fromEntries(SITE_CAPABILITIES.map((c) => [c, ticked.has(c)])),
  } as GroupPermissions;
}

function tickedOf(permissions: GroupPermissions): Set<string> {
  return new Set(
    PERMISSION_SECTIONS.flatMap((s) => s.flags)
      .map((f) => f.capability)
      .filter((c) => hasFlag(permissions, c)),
  );
}

/**
 * The security permissions, grouped as spec 002 §6 lists them. With JavaScript the dependency
 * rules apply as boxes are ticked (the same applyPermissionRules the server runs); without it the
 * server applies them on saving.
 */
function PermissionsFieldset({ initial }: { initial: Set<string> }) {
  const t = useT();
  const hydrated = useHydrated();
  const id = useId();
  const [ticked, setTicked] = useState(initial);
  const albums = toPermissions(ticked).albums;
  const sharing = albums.shareWithUsers || albums.shareWithGroups || albums.shareWithGuests;
  const disabled = (c: Capability) =>
    hydrated &&
    ((c === "albums.delegateDownloads" && !sharing) ||
      (c === "albums.restrictToFriends" && !(albums.shareWithUsers || albums.shareWithGroups)));
  const change = (capability: Capability, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(capability);
    else next.delete(capability);
    setTicked(tickedOf(applyPermissionRules(toPermissions(ticked), toPermissions(next))));
  };
  // The flags only FotoWare's own tools read are shown apart, after the rest (decision 085).
  const unused = (c: Capability) => CAPABILITY_EFFECTS[c] === "unused";
  const sections = [
    ...PERMISSION_SECTIONS.map((s) => ({
      ...s,
      flags: s.flags.filter((f) => !unused(f.capability)),
    })),
    {
      title: "people.perm.unusedTitle" as const,
      note: "people.perm.unusedNote" as const,
      flags: PERMISSION_SECTIONS.flatMap((s) => s.flags.filter((f) => unused(f.capability))),
    },
  ].filter((s) => s.flags.length > 0);
  return (
    <fieldset className={css.fieldset}>
      <legend className={css.legend}>{t("people.groupEditor.security")}</legend>
      {sections.map((section) => (
        <fieldset
          key={section.title}
          className={css.fieldset}
          aria-describedby={"note" in section ? `${id}-unused` : undefined}
        >
          <legend className={css.legend}>{t(section.title)}</legend>
          {"note" in section ? (
            <p id={`${id}-unused`} className={css.flagNote}>
              {t(section.note)}
            </p>
          ) : null}
          <div className={css.flags}>
            {section.flags.map((flag) => {
              const effect = CAPABILITY_EFFECTS[flag.capability];
              const note =
                typeof effect === "object" ? t(ARRIVAL_NOTES[effect.arrival]) : undefined;
              const noteId = `${id}-${flag.capability}-note`;
              return (
                <div key={flag.capability}>
                  <Checkbox
                    name="permissions"
                    value={flag.capability}
                    isSelected={ticked.has(flag.capability)}
                    isDisabled={disabled(flag.capability)}
                    onChange={(on) => change(flag.capability, on)}
                    className={controls.checkbox}
                    aria-describedby={note ? noteId : undefined}
                  >
                    <span className={controls.checkboxBox} aria-hidden="true" />
                    {t(flag.label)}
                  </Checkbox>
                  {note ? (
                    <span id={noteId} className={css.flagNote}>
                      {note}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}

/** Group choices as checkboxes (ticked = chosen). */
function GroupChoices({
  name,
  groups,
  checked,
  label,
}: {
  name: string;
  groups: NamedGroup[];
  checked: boolean;
  label: (g: NamedGroup) => string;
}) {
  return (
    <ul className={css.plainList}>
      {groups.map((g) => (
        <li key={g.id}>
          <Checkbox
            name={name}
            value={String(g.id)}
            defaultSelected={checked}
            className={controls.checkbox}
          >
            <span className={controls.checkboxBox} aria-hidden="true" />
            {label(g)}
          </Checkbox>
        </li>
      ))}
    </ul>
  );
}

/**
 * A search for the editor: a GET form of its own (outside the editor's form: forms do not nest)
 * that reloads the page with the results; with JavaScript the results come without leaving the
 * page, so nothing typed in the editor is lost.
 */
function useSearch<T>(param: string, initial: string, initialResults: T[], tab: string) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [q, setQ] = useState(initial);
  const data = fetcher.data as
    | { memberOfResults?: T[]; members?: { userResults?: T[]; groupResults?: T[] } | null }
    | undefined;
  const fetched =
    param === "userq"
      ? data?.members?.userResults
      : param === "memberq"
        ? data?.members?.groupResults
        : data?.memberOfResults;
  const results = fetched ?? initialResults;
  const formId = `${param}-search`;
  const run = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    fetcher.load(`?tab=${tab}&${param}=${encodeURIComponent(q)}`);
  };
  return { q, setQ, results, formId, run };
}

function SearchControls({
  label,
  search,
}: {
  label: string;
  search: { q: string; setQ: (q: string) => void; formId: string };
}) {
  const t = useT();
  return (
    <div className={css.searchForm}>
      <label className={controls.field}>
        <span className={controls.label}>{label}</span>
        <input
          form={search.formId}
          name={search.formId.replace(/-search$/, "")}
          type="search"
          value={search.q}
          maxLength={200}
          onChange={(e) => search.setQ(e.currentTarget.value)}
          className={css.nativeInput}
        />
      </label>
      <button type="submit" form={search.formId} className={controls.button.secondary}>
        {t("people.groupEditor.search")}
      </button>
    </div>
  );
}

function SearchForm({
  id,
  tab,
  onSubmit,
}: {
  id: string;
  tab: string;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form id={id} method="get" onSubmit={onSubmit} aria-label={id}>
      <input type="hidden" name="tab" value={tab} />
    </form>
  );
}

export function GeneralForm({
  group,
  memberOf,
  memberOfResults,
  groupq,
  reply,
}: {
  group: GroupView | null;
  memberOf: NamedGroup[];
  memberOfResults: NamedGroup[];
  groupq: string;
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const lastResult = reply ? conformResult(reply) : null;
  const conformErrors = useConformErrors();
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: groupFormSchema,
        disableAutoCoercion: true,
        formatError: conformErrors,
      }),
  });
  const values = (reply?.repopulateFields ?? {}) as Record<string, unknown>;
  const search = useSearch<NamedGroup>("groupq", groupq, memberOfResults, "general");
  const initialTicked = reply
    ? new Set(list(values.permissions))
    : tickedOf(group?.permissions ?? toPermissions(new Set()));
  const chosen = reply ? new Set(list(values.memberOf).map(Number)) : null;
  const canMembership = group === null || group.actions.updateMemberships;
  const errors = reply?.fieldErrors ?? {};
  return (
    <>
      <SearchForm id={search.formId} tab="general" onSubmit={search.run} />
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className={css.form}
        aria-label={t("people.groupEditor.general")}
      >
        <input type="hidden" name="intent" value="general" />
        {group ? <input type="hidden" name="revision" value={group.revision} /> : null}
        {errors[""] || reply?.formError ? (
          <p className={css.error} role="alert">
            {reply?.formError}
          </p>
        ) : null}
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t("people.groupEditor.identification")}</legend>
          <TextField
            label={t("people.group.field.name")}
            name="name"
            isRequired
            maxLength={100}
            defaultValue={text(values.name) ?? group?.name ?? ""}
            errors={fields.name?.errors ?? errors.name}
          />
          <TextField
            label={t("people.group.field.description")}
            name="description"
            multiline
            maxLength={1000}
            defaultValue={text(values.description) ?? group?.description ?? ""}
            errors={fields.description?.errors ?? errors.description}
          />
          {group === null || group.actions.updateSAMLGroupName ? (
            <TextField
              label={t("people.group.field.samlGroupName")}
              name="samlGroupName"
              maxLength={200}
              defaultValue={text(values.samlGroupName) ?? group?.samlGroupName ?? ""}
              errors={errors.samlGroupName}
            />
          ) : null}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t("people.groupEditor.licensing")}</legend>
          <SelectField
            label={t("people.user.field.licenseLevel")}
            name="licenseLevel"
            hydrated={hydrated}
            defaultValue={text(values.licenseLevel) ?? group?.license.level ?? "None"}
            errors={errors.licenseLevel}
            options={LICENSE_LEVEL_NAMES.map((l) => ({
              value: l,
              label: l === LICENSE_LEVEL_NAMES[0] ? t("people.groupEditor.levelNone") : l,
            }))}
          />
          <SelectField
            label={t("people.user.field.licenseMode")}
            name="licenseMode"
            hydrated={hydrated}
            defaultValue={text(values.licenseMode) ?? group?.license.mode ?? "Named"}
            errors={errors.licenseMode}
            options={LICENSE_MODE_NAMES.map((m) => ({ value: m, label: m }))}
          />
        </fieldset>
        {canMembership ? (
          <fieldset
            className={css.fieldset}
            aria-describedby={errors.memberOf ? "memberof-error" : undefined}
          >
            <legend className={css.legend}>{t("people.groupEditor.memberOf")}</legend>
            {memberOf.length === 0 ? (
              <p className={muted}>{t("people.groupEditor.noMemberOf")}</p>
            ) : null}
            <GroupChoices
              name="memberOf"
              groups={memberOf.filter((g) => chosen === null || chosen.has(g.id))}
              checked
              label={(g) => g.name}
            />
            <SearchControls label={t("people.groupEditor.findToJoin")} search={search} />
            {search.results.length > 0 ? (
              <GroupChoices
                name="memberOf"
                groups={search.results.filter((g) => !memberOf.some((m) => m.id === g.id))}
                checked={false}
                label={(g) => t("people.groupEditor.join", { name: g.name })}
              />
            ) : search.q ? (
              <p className={muted}>{t("people.groupEditor.noOtherMatch")}</p>
            ) : null}
            {errors.memberOf ? (
              <p id="memberof-error" className={css.error} role="alert">
                {errors.memberOf}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <PermissionsFieldset key={reply?.requestId ?? "stored"} initial={initialTicked} />
        <div className={css.actions}>
          <Button type="submit">
            {group ? t("people.groupEditor.save") : t("people.groupEditor.create")}
          </Button>
          <Link to={LINKS.adminGroups} className={css.link}>
            {t("people.groupEditor.back")}
          </Link>
        </div>
      </Form>
    </>
  );
}

/** Search results to tick and add, without JavaScript (the dialog does this with it). */
function AddChoices<T extends { id: number }>({
  name,
  items,
  label,
  found,
  add,
}: {
  name: string;
  items: T[];
  label: (item: T) => string;
  /** The list's name and the button's words. */
  found: string;
  add: string;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <ul className={css.plainList} aria-label={found}>
        {items.map((item) => (
          <li key={item.id}>
            <Checkbox name={name} value={String(item.id)} className={controls.checkbox}>
              <span className={controls.checkboxBox} aria-hidden="true" />
              {label(item)}
            </Checkbox>
          </li>
        ))}
      </ul>
      <Button type="submit" name="intent" value="members" variant="secondary">
        {add}
      </Button>
    </div>
  );
}

/**
 * With JavaScript: the members chosen in the add dialog, waiting for Save (each can be unticked,
 * which cancels its addition).
 */
function ChosenToAdd({
  name,
  kind,
  exclude,
}: {
  name: string;
  kind: "users" | "groups";
  exclude: number[];
}) {
  const t = useT();
  const [chosen, setChosen] = useState<Choice[]>([]);
  return (
    <>
      {chosen.length > 0 ? (
        <ul
          className={css.plainList}
          aria-label={
            kind === "users"
              ? t("people.groupEditor.usersToAdd")
              : t("people.groupEditor.groupsToAdd")
          }
        >
          {chosen.map((c) => (
            <li key={c.id}>
              <Checkbox
                name={name}
                value={String(c.id)}
                defaultSelected
                className={controls.checkbox}
              >
                <span className={controls.checkboxBox} aria-hidden="true" />
                {t("people.groupEditor.addOne", { name: c.label })}
              </Checkbox>
            </li>
          ))}
        </ul>
      ) : null}
      <AddMembersDialog
        kind={kind}
        exclude={[...exclude, ...chosen.map((c) => c.id)]}
        onAdd={(more) => setChosen((list) => [...list, ...more])}
      />
    </>
  );
}

/**
 * Members: the users and groups in the group. Ticking "remove" and choosing from a search, then
 * saving, sends only the difference (add and remove); re-ticking a removed member keeps it.
 */
export function MembersForm({
  group,
  members,
  search,
  reply,
}: {
  group: GroupView;
  members: {
    users: NamedUser[];
    groups: NamedGroup[];
    userResults: NamedUser[];
    groupResults: NamedGroup[];
  };
  search: { userq: string; memberq: string };
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const users = useSearch<NamedUser>("userq", search.userq, members.userResults, "members");
  const groups = useSearch<NamedGroup>("memberq", search.memberq, members.groupResults, "members");
  const errors = reply?.fieldErrors ?? {};
  return (
    <>
      <SearchForm id={users.formId} tab="members" onSubmit={users.run} />
      <SearchForm id={groups.formId} tab="members" onSubmit={groups.run} />
      <Form
        method="post"
        noValidate
        className={css.form}
        aria-label={t("people.groupEditor.members")}
      >
        <input type="hidden" name="intent" value="members" />
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t("people.groupEditor.users")}</legend>
          {members.users.length === 0 ? (
            <p className={muted}>{t("people.groupEditor.noUsers")}</p>
          ) : null}
          <ul className={css.plainList}>
            {members.users.map((u) => (
              <li key={u.id}>
                {`${u.fullName} (${u.username}) `}
                <Checkbox name="removeUser" value={String(u.id)} className={controls.checkbox}>
                  <span className={controls.checkboxBox} aria-hidden="true" />
                  {t("people.groupEditor.remove", { name: u.username })}
                </Checkbox>
              </li>
            ))}
          </ul>
          {hydrated ? (
            <ChosenToAdd name="addUser" kind="users" exclude={members.users.map((u) => u.id)} />
          ) : (
            <>
              <SearchControls label={t("people.groupEditor.findUsers")} search={users} />
              <AddChoices
                name="addUser"
                items={users.results}
                label={(u) => `${u.fullName} (${u.username})`}
                found={t("people.groupEditor.usersFound")}
                add={t("people.groupEditor.addChosenUsers")}
              />
            </>
          )}
          {errors.users ? (
            <p className={css.error} role="alert">
              {errors.users}
            </p>
          ) : null}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t("people.groupEditor.groups")}</legend>
          {members.groups.length === 0 ? (
            <p className={muted}>{t("people.groupEditor.noGroups")}</p>
          ) : null}
          <ul className={css.plainList}>
            {members.groups.map((g) => (
              <li key={g.id}>
                {g.name}{" "}
                <Checkbox name="removeGroup" value={String(g.id)} className={controls.checkbox}>
                  <span className={controls.checkboxBox} aria-hidden="true" />
                  {t("people.groupEditor.remove", { name: g.name })}
                </Checkbox>
              </li>
            ))}
          </ul>
          {hydrated ? (
            <ChosenToAdd
              name="addGroup"
              kind="groups"
              exclude={[group.id, ...members.groups.map((g) => g.id)]}
            />
          ) : (
            <>
              <SearchControls label={t("people.groupEditor.findGroups")} search={groups} />
              <AddChoices
                name="addGroup"
                items={groups.results}
                label={(g) => g.name}
                found={t("people.groupEditor.groupsFound")}
                add={t("people.groupEditor.addChosenGroups")}
              />
            </>
          )}
          {errors.groups ? (
            <p className={css.error} role="alert">
              {errors.groups}
            </p>
          ) : null}
        </fieldset>
        <div className={css.actions}>
          <Button type="submit" name="intent" value="members">
            {t("people.groupEditor.saveMembers")}
          </Button>
          <span className={muted}>{t("people.groupEditor.membersOf", { name: group.name })}</span>
        </div>
      </Form>
    </>
  );
}

/** Custom properties: key and value rows; rows with an empty key or value are dropped. */
export function PropertiesForm({
  group,
  reply,
}: {
  group: GroupView;
  reply: FormReplyBody | undefined;
}) {
  const t = useT();
  const values = (reply?.repopulateFields ?? {}) as Record<string, unknown>;
  const initial = reply
    ? list(values.propertyKey).map((key, i) => ({
        key,
        value: list(values.propertyValue)[i] ?? "",
      }))
    : group.properties;
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() =>
    [
      ...initial,
      ...(hydrated
        ? []
        : [
            { key: "", value: "" },
            { key: "", value: "" },
          ]),
    ].map((r, i) => ({ ...r, n: i })),
  );
  const error = reply?.fieldErrors?.properties;
  return (
    <Form
      method="post"
      noValidate
      className={css.form}
      aria-label={t("people.groupEditor.properties")}
    >
      <input type="hidden" name="intent" value="properties" />
      <input type="hidden" name="revision" value={group.revision} />
      {rows.length === 0 ? <p className={muted}>{t("people.groupEditor.noProperties")}</p> : null}
      {rows.map((row, i) => (
        <div key={row.n} className={css.propertyRow}>
          <TextField
            label={t("people.user.field.key", { n: i + 1 })}
            name="propertyKey"
            defaultValue={row.key}
            maxLength={200}
          />
          <div className={css.actions}>
            <TextField
              label={t("people.user.field.value", { n: i + 1 })}
              name="propertyValue"
              defaultValue={row.value}
              maxLength={2000}
            />
            {hydrated ? (
              <Button
                variant="quiet"
                onPress={() => setRows((r) => r.filter((x) => x.n !== row.n))}
                aria-label={t("people.groupEditor.removeProperty", { n: i + 1 })}
              >
                {t("people.groupEditor.removeShort")}
              </Button>
            ) : null}
          </div>
        </div>
      ))}
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={css.actions}>
        {hydrated ? (
          <Button
            variant="secondary"
            onPress={() =>
              setRows((r) => [
                ...r,
                { key: "", value: "", n: Math.max(0, ...r.map((x) => x.n)) + 1 },
              ])
            }
          >
            {t("people.editor.addProperty")}
          </Button>
        ) : null}
        <Button type="submit">{t("people.groupEditor.saveProperties")}</Button>
      </div>
    </Form>
  );
}
