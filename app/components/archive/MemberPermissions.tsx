import { useId, useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { CheckboxGroup } from "react-aria-components/CheckboxGroup";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { fieldErrorText, type FieldErrors } from "~/components/ui/field-errors";
import { useLocale, useT } from "~/components/locale/locale-context";
import { ARCHIVE_PERMISSION_EFFECTS, type Arrival } from "~/models/access/permission-effects";
import { conventionsOf } from "~/models/locale/format";
import type { MessageId } from "~/models/locale/message-id";
import {
  ARCHIVE_PERMISSIONS,
  lockedPermissions,
  permissionGroups,
  setPermissions,
  togglePermission,
  type ArchivePermission,
} from "~/models/archive/archive.schema";
import * as css from "./member-permissions.css";

export interface MemberPermissionsProps {
  /** The form field the ticked permissions post under, one value each: MemberList[2].Permissions. */
  name: string;
  /** The permissions the member holds when the form opens. */
  defaultValue: readonly ArchivePermission[];
  /** The permissions this site offers; every archive permission when left out. */
  available?: readonly ArchivePermission[];
  /** The archive's consent management (and the site's consent forms) on: shows the Consent group. */
  consentEnabled: boolean;
  /** Versioning offered: shows the Versioning group (when all three of its permissions are available). */
  versioningAvailable: boolean;
  errors?: FieldErrors;
  /** What the editor is called, e.g. "Permissions of Everyone". */
  label: string;
  /** Called with the whole list after each change (script only), for a summary elsewhere. */
  onChange?: (permissions: ArchivePermission[]) => void;
}

/** Each archive permission in words, as the access list shows it. */
export const PERMISSION_LABELS: Record<ArchivePermission, MessageId> = {
  View: "settings.permission.View",
  Preview: "settings.permission.Preview",
  Comping: "settings.permission.Comping",
  Workflow: "settings.permission.Workflow",
  Download: "settings.permission.Download",
  DuplicateFile: "settings.permission.DuplicateFile",
  Order: "settings.permission.Order",
  EditText: "settings.permission.EditText",
  CropRotate: "settings.permission.CropRotate",
  CopyTo: "settings.permission.CopyTo",
  MoveTo: "settings.permission.MoveTo",
  CopyFrom: "settings.permission.CopyFrom",
  MoveFrom: "settings.permission.MoveFrom",
  Rename: "settings.permission.Rename",
  Delete: "settings.permission.Delete",
  Alert: "settings.permission.Alert",
  MngVideo: "settings.permission.MngVideo",
  EditSmartFolders: "settings.permission.EditSmartFolders",
  CropAndDownload: "settings.permission.CropAndDownload",
  Export: "settings.permission.Export",
  Comment: "settings.permission.Comment",
  Annotate: "settings.permission.Annotate",
  TrdParty1: "settings.permission.TrdParty1",
  TrdParty2: "settings.permission.TrdParty2",
  TrdParty3: "settings.permission.TrdParty3",
  TrdParty4: "settings.permission.TrdParty4",
  EditFile: "settings.permission.EditFile",
  OpenFile: "settings.permission.OpenFile",
  CropFile: "settings.permission.CropFile",
  FwdtPlace: "settings.permission.FwdtPlace",
  UploadFile: "settings.permission.UploadFile",
  HistoryView: "settings.permission.HistoryView",
  HistoryRollback: "settings.permission.HistoryRollback",
  HistoryManage: "settings.permission.HistoryManage",
  ViewConsentSummary: "settings.permission.ViewConsentSummary",
  ViewConsentDetails: "settings.permission.ViewConsentDetails",
  ManageConsentStatus: "settings.permission.ManageConsentStatus",
};

/** The groups' titles (permissionGroups names them in English, by which they are told apart). */
const GROUP_TITLES: Record<string, MessageId> = {
  Permissions: "settings.permission.group.main",
  Special: "settings.permission.group.special",
  Versioning: "settings.permission.group.versioning",
  Consent: "settings.permission.group.consent",
};

/** What the editor says under a permission Arkiv will use once its capability arrives. */
const ARRIVALS: Record<Arrival, MessageId> = {
  orders: "settings.permission.arrival.orders",
  comments: "settings.permission.arrival.comments",
  cropAndDownload: "settings.permission.arrival.cropAndDownload",
  video: "settings.permission.arrival.video",
  consent: "settings.permission.arrival.consent",
  webhooks: "settings.permission.arrival.webhooks",
  activity: "settings.permission.arrival.activity",
  appearance: "settings.permission.arrival.appearance",
};

/**
 * The permission boxes of one access-list member (spec 001 sections 4 and 6). Without JavaScript
 * they are plain checkboxes posting under `name`, and the server adds missing prerequisites on
 * saving (withPrerequisites). With it, ticking a box ticks its prerequisites, unticking one
 * unticks what needs it, and a prerequisite held by a ticked dependent is locked; a locked box is
 * disabled, which stops it posting, so a hidden input posts it instead. Permissions the member
 * holds that no group here shows (consent ones with consent management off) post hidden too, so
 * saving the form never drops them silently.
 */
export function MemberPermissions({
  name,
  defaultValue,
  available = ARCHIVE_PERMISSIONS,
  consentEnabled,
  versioningAvailable,
  errors,
  label,
  onChange,
}: MemberPermissionsProps) {
  const t = useT();
  const { language } = useLocale();
  const hydrated = useHydrated();
  const id = useId();
  const listOf = (words: string[]) =>
    new Intl.ListFormat(conventionsOf(language), { type: "conjunction" }).format(words);
  const [ticked, setTicked] = useState<ArchivePermission[]>(() =>
    ARCHIVE_PERMISSIONS.filter((p) => defaultValue.includes(p)),
  );
  // The permissions only FotoWare's own tools read are shown apart, after the rest (decision 085).
  const unused = (p: ArchivePermission) => ARCHIVE_PERMISSION_EFFECTS[p] === "unused";
  const offered = permissionGroups({ available, consentEnabled, versioningAvailable });
  const apart = offered.flatMap((g) => g.permissions.filter(unused));
  const groups = [
    ...offered
      .map((g) => ({
        title: GROUP_TITLES[g.title] ? t(GROUP_TITLES[g.title]!) : g.title,
        permissions: g.permissions.filter((p) => !unused(p)),
      }))
      .filter((g) => g.permissions.length > 0),
    ...(apart.length > 0
      ? [
          {
            title: t("settings.permission.unusedTitle"),
            permissions: apart,
            note: t("settings.permission.unusedNote"),
          },
        ]
      : []),
  ];
  const shown = new Set(groups.flatMap((g) => g.permissions));
  const locked = hydrated ? lockedPermissions(ticked) : new Map<ArchivePermission, never[]>();
  const error = fieldErrorText(errors);

  const update = (next: ArchivePermission[]) => {
    setTicked(next);
    onChange?.(next);
  };
  const changeGroup = (group: ArchivePermission[], values: string[]) => {
    let next = ticked;
    for (const p of group) {
      const on = values.includes(p);
      if (on !== next.includes(p)) next = togglePermission(next, p, on);
    }
    update(next);
  };
  const hidden = ticked.filter((p) => !shown.has(p) || locked.has(p));

  return (
    <fieldset
      className={css.editor}
      aria-describedby={error ? `${id}-error` : undefined}
      data-invalid={error ? true : undefined}
    >
      <legend className={css.legend}>{label}</legend>
      {hydrated ? (
        <div className={css.tools}>
          {/* Each member has these: the name says whose, the visible words first. */}
          <Button
            variant="secondary"
            aria-label={t("settings.permission.selectAllOf", { label })}
            onPress={() => update(setPermissions(ticked, shown, true))}
          >
            {t("settings.permission.selectAll")}
          </Button>
          <Button
            variant="secondary"
            aria-label={t("settings.permission.unselectAllOf", { label })}
            onPress={() => update(setPermissions(ticked, shown, false))}
          >
            {t("settings.permission.unselectAll")}
          </Button>
        </div>
      ) : null}
      {groups.map((group) => (
        <CheckboxGroup
          key={group.title}
          name={name}
          className={css.group}
          value={ticked.filter((p) => group.permissions.includes(p))}
          onChange={(values) => changeGroup(group.permissions, values)}
          isInvalid={Boolean(error)}
        >
          <Label className={css.groupTitle}>{group.title}</Label>
          {"note" in group ? (
            <Text slot="description" className={css.groupNote}>
              {group.note}
            </Text>
          ) : null}
          <div className={css.boxes}>
            {group.permissions.map((p) => {
              const dependents = locked.get(p);
              const reasonId = `${id}-${p}-locked`;
              const effect = ARCHIVE_PERMISSION_EFFECTS[p];
              const note = typeof effect === "object" ? t(ARRIVALS[effect.arrival]) : undefined;
              const noteId = `${id}-${p}-note`;
              const described = [dependents ? reasonId : "", note ? noteId : ""].join(" ").trim();
              return (
                <div key={p}>
                  <Checkbox
                    value={p}
                    className={css.box}
                    isDisabled={Boolean(dependents)}
                    aria-describedby={described || undefined}
                  >
                    <span className={css.square} aria-hidden="true" />
                    {t(PERMISSION_LABELS[p])}
                  </Checkbox>
                  {note ? (
                    <span id={noteId} className={css.effectNote}>
                      {note}
                    </span>
                  ) : null}
                  {dependents ? (
                    <span id={reasonId} className={css.lockReason}>
                      {t("settings.permission.neededBy", {
                        list: listOf(dependents.map((d) => t(PERMISSION_LABELS[d]))),
                        count: dependents.length,
                      })}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        </CheckboxGroup>
      ))}
      {hidden.map((p) => (
        <input key={p} type="hidden" name={name} value={p} />
      ))}
      {error ? (
        <p id={`${id}-error`} className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
