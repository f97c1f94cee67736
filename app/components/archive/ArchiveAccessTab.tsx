import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { ModalDialog } from "~/components/ui/ModalDialog";
import { TextField } from "~/components/ui/TextField";
import { button, fieldError } from "~/components/ui/controls.css";
import * as people from "~/components/user/users.css";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import {
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
  const [open, setOpen] = useState(false);
  if (!hydrated)
    return <button {...buttonProps} className={button.secondary}>{`Remove ${name}`}</button>;
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>{`Remove ${name}`}</Button>
      <ModalDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={`Remove ${name}?`}
        data-testid="remove-member-dialog"
        footer={
          <>
            <Button
              onPress={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              Remove
            </Button>
            <Button variant="secondary" onPress={() => setOpen(false)}>
              Cancel
            </Button>
          </>
        }
      >
        <p>{`${name} loses every permission in this archive once you save.`}</p>
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
  const { isOn } = reader(initial);
  const memberRows = fields.MemberList.getFieldList();
  return (
    <>
      <table className={css.table}>
        <caption className={css.label}>Members</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {memberRows.map((row) => {
            const m = (row.initialValue ?? {}) as Values;
            return (
              <tr key={row.key}>
                <td>{str(m.Name) || str(m.Id)}</td>
                <td>{str(m.MemberType)}</td>
                <td>{str(m.Description)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {memberRows.map((row, i) => {
        const m = (row.initialValue ?? {}) as Values;
        const p = `MemberList[${i}]`;
        const name = str(m.Name) || `${str(m.MemberType)} ${str(m.Id)}`;
        const rowError =
          errors[`${p}.Id`] ?? errors[`${p}.MemberType`] ?? errors[`${p}.Permissions`];
        return (
          <div key={row.key} className={people.section} role="group" aria-label={`Member ${name}`}>
            <input type="hidden" name={`${p}.Id`} value={str(m.Id)} />
            <input type="hidden" name={`${p}.MemberType`} value={str(m.MemberType)} />
            <input type="hidden" name={`${p}.Name`} value={str(m.Name)} />
            <input type="hidden" name={`${p}.Description`} value={str(m.Description)} />
            <MemberPermissions
              name={`${p}.Permissions`}
              label={`Permissions of ${name}`}
              defaultValue={strs(m.Permissions) as ArchivePermission[]}
              consentEnabled={options.enableConsentForms && isOn("EnableConsentManagement")}
              versioningAvailable
            />
            <TextField
              label={`Search filter of ${name}`}
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
        <legend className={css.legend}>Add members</legend>
        <TextField
          label="Find people and groups"
          name="memberQuery"
          maxLength={200}
          defaultValue={reply?.memberQuery ?? ""}
        />
        <div className={people.actions}>
          <Button type="submit" name="memberIntent" value="find" variant="secondary">
            Find people
          </Button>
        </div>
        {reply?.candidates && reply.candidates.length > 0 ? (
          <>
            <ul aria-label="People and groups found">
              {reply.candidates.map((c) => (
                <li key={c.key}>
                  <ValueCheckbox
                    name="addMember"
                    value={c.key}
                  >{`${c.Name} (${c.MemberType})`}</ValueCheckbox>
                </li>
              ))}
            </ul>
            <Button type="submit" name="memberIntent" value="add" variant="secondary">
              Add selected
            </Button>
          </>
        ) : reply?.memberQuery ? (
          <p>Nobody matches.</p>
        ) : null}
      </fieldset>
    </>
  );
}
