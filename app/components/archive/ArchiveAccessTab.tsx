import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { TextField } from "~/components/ui/TextField";
import { TableScroller } from "~/components/ui/TableScroller";
import { button, fieldError } from "~/components/ui/controls.css";
import * as people from "~/components/user/users.css";
import { useT, type Translate } from "~/components/locale/locale-context";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import {
  memberName,
  reader,
  str,
  strs,
  type DialogFields,
  type DialogForm,
  type DialogReply,
  type TabProps,
  type Values,
} from "./archive-dialog-form";
import { ValueCheckbox } from "./ArchiveDialogFields";
import { MemberPermissions } from "./MemberPermissions";
import * as css from "./archive-dialog.css";

/** A member's type in words: user or group. */
const memberTypeOf = (t: Translate, type: string) =>
  type === "user"
    ? t("settings.access.user")
    : type === "group"
      ? t("settings.access.group")
      : type;

/**
 * Removing a member: without JavaScript a button posting Conform's remove intent (the server
 * answers the form without the row); with it the same, after a confirmation. Either way the
 * member is only gone once the archive is saved.
 */
function RemoveMember({
  name,
  hydrated,
  buttonProps,
  onConfirm,
}: {
  name: string;
  hydrated: boolean;
  buttonProps: React.ButtonHTMLAttributes<HTMLButtonElement>;
  onConfirm: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const label = t("settings.access.remove", { name });
  if (!hydrated)
    return (
      <button {...buttonProps} className={button.secondary}>
        {label}
      </button>
    );
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {label}
      </Button>
      <ModalDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={t("settings.access.removeTitle", { name })}
        data-testid="remove-member-dialog"
        footer={
          <>
            <Button
              onPress={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {t("settings.access.removeConfirm")}
            </Button>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("settings.cancel")}
            </Button>
          </>
        }
      >
        <p>{t("settings.access.removeQuestion", { name })}</p>
      </ModalDialog>
    </>
  );
}

/** The Access list tab: each member's permissions and search filter, and finding people to add. */
export function ArchiveAccessTab({
  initial,
  errors,
  hydrated,
  options,
  form,
  fields,
  reply,
}: Omit<TabProps, "lists"> & {
  form: DialogForm;
  fields: DialogFields;
  reply: DialogReply | undefined;
}) {
  const t = useT();
  const { isOn } = reader(initial);
  const memberRows = fields.MemberList.getFieldList();
  return (
    <>
      <TableScroller label={t("settings.access.members")}>
        <table className={css.table}>
          <caption className={css.label}>{t("settings.access.members")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("settings.dialog.field.name")}</th>
              <th scope="col">{t("settings.access.type")}</th>
              <th scope="col">{t("settings.dialog.field.description")}</th>
            </tr>
          </thead>
          <tbody>
            {memberRows.map((row) => {
              const m = (row.initialValue ?? {}) as Values;
              return (
                <tr key={row.key}>
                  <td>{str(m.Name) || str(m.Id)}</td>
                  <td>{memberTypeOf(t, str(m.MemberType))}</td>
                  <td>{str(m.Description)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
      {memberRows.map((row, i) => {
        const m = (row.initialValue ?? {}) as Values;
        const p = `MemberList[${i}]`;
        const name = memberName(t, m);
        const rowError =
          errors[`${p}.Id`] ?? errors[`${p}.MemberType`] ?? errors[`${p}.Permissions`];
        return (
          <div
            key={row.key}
            className={people.section}
            role="group"
            aria-label={t("settings.dialog.member", { name })}
          >
            <input type="hidden" name={`${p}.Id`} value={str(m.Id)} />
            <input type="hidden" name={`${p}.MemberType`} value={str(m.MemberType)} />
            <input type="hidden" name={`${p}.Name`} value={str(m.Name)} />
            <input type="hidden" name={`${p}.Description`} value={str(m.Description)} />
            <MemberPermissions
              name={`${p}.Permissions`}
              label={t("settings.access.permissionsOf", { name })}
              defaultValue={strs(m.Permissions) as ArchivePermission[]}
              consentEnabled={options.enableConsentForms && isOn("EnableConsentManagement")}
              versioningAvailable
            />
            <TextField
              label={t("settings.dialog.memberFilter", { name })}
              name={`${p}.AutoSearch`}
              maxLength={2000}
              defaultValue={str(m.AutoSearch)}
              errors={errors[`${p}.AutoSearch`]}
            />
            {rowError ? (
              <p className={fieldError} role="alert">
                {rowError}
              </p>
            ) : null}
            <div className={people.actions}>
              <RemoveMember
                name={name}
                hydrated={hydrated}
                buttonProps={form.remove.getButtonProps({ name: fields.MemberList.name, index: i })}
                onConfirm={() => form.remove({ name: fields.MemberList.name, index: i })}
              />
            </div>
          </div>
        );
      })}
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.access.addMembers")}</legend>
        <TextField
          label={t("settings.access.find")}
          name="memberQuery"
          maxLength={200}
          defaultValue={reply?.memberQuery ?? ""}
        />
        <div className={people.actions}>
          <Button type="submit" name="memberIntent" value="find" variant="secondary">
            {t("settings.access.findButton")}
          </Button>
        </div>
        {reply?.candidates && reply.candidates.length > 0 ? (
          <>
            <ul aria-label={t("settings.access.found")}>
              {reply.candidates.map((c) => (
                <li key={c.key}>
                  <ValueCheckbox name="addMember" value={c.key}>
                    {t("settings.access.candidate", {
                      name: c.Name,
                      type: memberTypeOf(t, c.MemberType),
                    })}
                  </ValueCheckbox>
                </li>
              ))}
            </ul>
            <Button type="submit" name="memberIntent" value="add" variant="secondary">
              {t("settings.access.addSelected")}
            </Button>
          </>
        ) : reply?.memberQuery ? (
          <p>{t("settings.access.nobody")}</p>
        ) : null}
      </fieldset>
    </>
  );
}
