import { useId, useState } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { CheckboxGroup } from "react-aria-components/CheckboxGroup";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { fieldErrorText, type FieldErrors } from "~/components/ui/field-errors";
import {
  ARCHIVE_PERMISSION_EFFECTS,
  effectNote,
  UNUSED_NOTE,
  UNUSED_TITLE,
} from "~/models/access/permission-effects";
import {
  ARCHIVE_PERMISSIONS,
  lockedPermissions,
  PERMISSION_LABELS,
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

const listOf = (words: string[]) =>
  words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

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
  const hydrated = useHydrated();
  const id = useId();
  const [ticked, setTicked] = useState<ArchivePermission[]>(() =>
    ARCHIVE_PERMISSIONS.filter((p) => defaultValue.includes(p)),
  );
  // The permissions only FotoWare's own tools read are shown apart, after the rest (decision 085).
  const unused = (p: ArchivePermission) => ARCHIVE_PERMISSION_EFFECTS[p] === "unused";
  const offered = permissionGroups({ available, consentEnabled, versioningAvailable });
  const apart = offered.flatMap((g) => g.permissions.filter(unused));
  const groups = [
    ...offered
      .map((g) => ({ ...g, permissions: g.permissions.filter((p) => !unused(p)) }))
      .filter((g) => g.permissions.length > 0),
    ...(apart.length > 0 ? [{ title: UNUSED_TITLE, permissions: apart, note: UNUSED_NOTE }] : []),
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
            aria-label={`Select all, ${label}`}
            onPress={() => update(setPermissions(ticked, shown, true))}
          >
            Select all
          </Button>
          <Button
            variant="secondary"
            aria-label={`Unselect all, ${label}`}
            onPress={() => update(setPermissions(ticked, shown, false))}
          >
            Unselect all
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
              const note = effectNote(ARCHIVE_PERMISSION_EFFECTS[p]);
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
                    {PERMISSION_LABELS[p]}
                  </Checkbox>
                  {note ? (
                    <span id={noteId} className={css.effectNote}>
                      {note}
                    </span>
                  ) : null}
                  {dependents ? (
                    <span id={reasonId} className={css.lockReason}>
                      {`Needed by ${listOf(dependents.map((d) => PERMISSION_LABELS[d]))}; untick ${dependents.length === 1 ? "it" : "them"} first.`}
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
