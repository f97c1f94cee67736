import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { TextField } from "~/components/ui/TextField";
import { isFormReply, type FormReplyBody } from "~/http/error";
import { fieldChoiceLabel, isFixedRole } from "~/models/metadata/field-picker";
import {
  payloadOf,
  viewDraftOfPayload,
  viewFormSchema,
  type EntryDraft,
  type ViewDraft,
} from "~/models/metadata/metadata-form";
import {
  BUILTIN_ROLES,
  type BuiltinRole,
  type FieldDefinition,
} from "~/models/metadata/metadata.schema";
import { muted, visuallyHidden } from "~/styles/global.css";
import { MetadataFieldPicker } from "./MetadataFieldPicker";
import { MetadataFieldSelect } from "./MetadataFieldSelect";
import * as css from "./metadata-admin.css";
import { EditorHead } from "./MetadataAdminLists";
import { useMetadataForm } from "./use-metadata-form";
import { TableScroller } from "~/components/ui/TableScroller";

interface RegionState {
  key: number;
  Name: string;
  Fields: EntryDraft[];
}

/**
 * What the editor starts from: the stored view, a refused post's values, or the unsaved draft a
 * row button sent back without JavaScript. The key starts the form afresh for each.
 */
export function draftOfReply(
  data: unknown,
  stored: ViewDraft,
): { draft: ViewDraft; reply: FormReplyBody | undefined; key: string } {
  if (isFormReply(data))
    return {
      draft: viewDraftOfPayload(payloadOf(data.repopulateFields)),
      reply: data,
      key: data.requestId ?? "reply",
    };
  if (typeof data === "object" && data !== null && "draft" in data) {
    const { draft } = data as { draft: ViewDraft };
    return { draft, reply: undefined, key: JSON.stringify(draft) };
  }
  return { draft: stored, reply: undefined, key: JSON.stringify(stored) };
}

/*
 * The metadata view editor (decision 041): the name, the builtin mapping (six slots under the
 * picker's fixed-field rules) and the detail regions as rows, each with its fields and their
 * flags, in one Conform form checked by the server's schema and view rules. With JavaScript the
 * row buttons change the form in place and fields are added with the picker; without it each
 * row button posts the form, which comes back changed but unsaved, and fields are added by
 * ticking them (MetadataFieldSelect).
 */
export function ViewEditor({
  draft,
  isNew,
  revision,
  fields,
  reply,
}: {
  draft: ViewDraft;
  isNew: boolean;
  /** The stored view's revision, so a save over someone else's newer one is refused (409). */
  revision?: string;
  fields: FieldDefinition[];
  reply: FormReplyBody | undefined;
}) {
  const hydrated = useHydrated();
  const byId = useMemo(() => new Map(fields.map((f) => [f.Id, f])), [fields]);
  const schema = useMemo(() => viewFormSchema(byId), [byId]);
  const { form, error, formError } = useMetadataForm("view-editor", reply, schema);
  const next = useRef(draft.DetailRegions.length);
  const [regions, setRegions] = useState<RegionState[]>(() =>
    draft.DetailRegions.map((r, i) => ({ key: i, ...r })),
  );
  const [builtin, setBuiltin] = useState(() =>
    Object.fromEntries(BUILTIN_ROLES.map((r) => [r, draft.BuiltinFields[r].Field])),
  );
  const placed = regions.flatMap((r) => r.Fields.map((f) => f.Field ?? -1));
  const change = (key: number, fn: (r: RegionState) => RegionState) =>
    setRegions((rs) => rs.map((r) => (r.key === key ? fn(r) : r)));
  const move = (index: number, by: number) =>
    setRegions((rs) => {
      const out = [...rs];
      const to = index + by;
      if (to < 0 || to >= out.length) return rs;
      [out[index], out[to]] = [out[to]!, out[index]!];
      return out;
    });

  /** A row button: with JavaScript it acts in place, without it posts its intent. */
  const rowButton = (label: string, intent: string, act: () => void, accessible?: string) => (
    <Button
      variant="secondary"
      aria-label={accessible}
      {...(hydrated ? { onPress: act } : { type: "submit", name: "intent", value: intent })}
    >
      {label}
    </Button>
  );

  const flags = (prefix: string, entry: EntryDraft, fixed: boolean) => (
    <div className={css.flags}>
      {(
        [
          ["IsWritable", "Writable"],
          ["Required", "Required"],
          ["TaxonomyOnly", "Taxonomy only"],
        ] as const
      ).map(([flag, label]) =>
        fixed && flag === "TaxonomyOnly" ? null : (
          <CheckboxField
            key={flag}
            name={`${prefix}.${flag}`}
            defaultSelected={entry[flag]}
            errors={error(`${prefix}.${flag}`)}
          >
            {label}
          </CheckboxField>
        ),
      )}
    </div>
  );

  const slot = (role: BuiltinRole) => {
    const prefix = `BuiltinFields.${role}`;
    const entry = draft.BuiltinFields[role];
    const chosen = builtin[role] ?? null;
    const field = chosen === null ? undefined : byId.get(chosen);
    const fieldErrors = error(`${prefix}.Field`);
    return (
      <tr key={role}>
        <th scope="row">{role}</th>
        <td>
          {hydrated && !isFixedRole(role) ? (
            <div className={css.actions}>
              <span>{field ? fieldChoiceLabel(field) : "No field chosen"}</span>
              <input type="hidden" name={`${prefix}.Field`} value={chosen ?? ""} />
              <MetadataFieldPicker
                fields={fields}
                role={role}
                selectionMode="single"
                defaultSelected={chosen === null ? [] : [chosen]}
                onSelect={([id]) => setBuiltin((b) => ({ ...b, [role]: id ?? null }))}
                label={`Choose the ${role.toLowerCase()} field`}
              />
              {fieldErrors ? (
                <p className={css.error} role="alert">
                  {[fieldErrors].flat().join(" ")}
                </p>
              ) : null}
            </div>
          ) : (
            <MetadataFieldSelect
              name={`${prefix}.Field`}
              label={`${role} field`}
              fields={fields}
              role={role}
              selectionMode="single"
              defaultSelected={entry.Field === null ? [] : [entry.Field]}
              emptyLabel={entry.Field === null ? "Choose a field" : undefined}
              errors={fieldErrors}
            />
          )}
        </td>
        <td>{flags(prefix, entry, isFixedRole(role))}</td>
      </tr>
    );
  };

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={css.form}
      aria-label={isNew ? "New metadata view" : "Metadata view"}
    >
      <button type="submit" name="intent" value="save" className={css.defaultButton} tabIndex={-1}>
        Save
      </button>
      <EditorHead revision={revision} formError={formError} />
      <fieldset className={css.section}>
        <legend className={css.legend}>Identification</legend>
        <div className={css.columns}>
          <TextField
            label="Name"
            name="Name"
            isRequired
            maxLength={100}
            defaultValue={draft.Name}
            errors={error("Name")}
          />
          {isNew ? (
            <TextField
              label="Id (optional)"
              name="Id"
              maxLength={64}
              defaultValue={draft.Id}
              description="Letters, digits, hyphens and underscores; a random one when empty."
              errors={error("Id")}
            />
          ) : null}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.legend}>Builtin fields</legend>
        <p className={muted}>
          Title and description take a single-value text field, tags a multi-value one; status,
          rating and notes are fixed.
        </p>
        <TableScroller label="Builtin fields">
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col">Role</th>
                <th scope="col">Field</th>
                <th scope="col">Flags</th>
              </tr>
            </thead>
            <tbody>{BUILTIN_ROLES.map(slot)}</tbody>
          </table>
        </TableScroller>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.legend}>Detail regions</legend>
        {regions.length === 0 ? <p className={muted}>No regions yet.</p> : null}
        {regions.map((region, r) => {
          const prefix = `DetailRegions[${r}]`;
          return (
            <section key={region.key} className={css.region} aria-label={`Region ${r + 1}`}>
              <div className={css.row}>
                <TextField
                  label={`Region ${r + 1} name`}
                  name={`${prefix}.Name`}
                  maxLength={100}
                  defaultValue={region.Name}
                  errors={error(`${prefix}.Name`)}
                />
                <div className={css.actions}>
                  {rowButton("Up", `region.up.${r}`, () => move(r, -1), `Move region ${r + 1} up`)}
                  {rowButton(
                    "Down",
                    `region.down.${r}`,
                    () => move(r, 1),
                    `Move region ${r + 1} down`,
                  )}
                  {rowButton(
                    "Remove",
                    `region.remove.${r}`,
                    () => setRegions((rs) => rs.filter((x) => x.key !== region.key)),
                    `Remove region ${r + 1}`,
                  )}
                </div>
              </div>
              {region.Fields.length === 0 ? (
                <p className={muted}>This region shows no fields.</p>
              ) : (
                <TableScroller label={`Fields of region ${r + 1}`}>
                  <table className={css.table} aria-label={`Fields of region ${r + 1}`}>
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Flags</th>
                        <th scope="col">
                          <span className={visuallyHidden}>Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {region.Fields.map((entry, i) => {
                        const name = `${prefix}.Fields[${i}]`;
                        const field = entry.Field === null ? undefined : byId.get(entry.Field);
                        const fieldError = error(`${name}.Field`);
                        return (
                          <tr key={entry.Field ?? `row-${i}`}>
                            <th scope="row">
                              <input
                                type="hidden"
                                name={`${name}.Field`}
                                value={entry.Field ?? ""}
                              />
                              {field ? fieldChoiceLabel(field) : `Field ${entry.Field ?? "?"}`}
                              {fieldError ? (
                                <p className={css.error} role="alert">
                                  {[fieldError].flat().join(" ")}
                                </p>
                              ) : null}
                            </th>
                            <td>{flags(name, entry, false)}</td>
                            <td>
                              {rowButton(
                                "Remove",
                                `field.remove.${r}.${i}`,
                                () =>
                                  change(region.key, (x) => ({
                                    ...x,
                                    Fields: x.Fields.filter((_, j) => j !== i),
                                  })),
                                `Remove ${field?.GuiLabel ?? "the field"} from region ${r + 1}`,
                              )}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </TableScroller>
              )}
              {hydrated ? (
                <MetadataFieldPicker
                  fields={fields}
                  selectionMode="multiple"
                  exclude={placed}
                  onSelect={(ids) =>
                    change(region.key, (x) => ({
                      ...x,
                      Fields: [
                        ...x.Fields,
                        ...ids.map((Field) => ({
                          Field,
                          IsWritable: true,
                          Required: false,
                          TaxonomyOnly: false,
                        })),
                      ],
                    }))
                  }
                  label={`Add fields to region ${r + 1}`}
                />
              ) : (
                <details>
                  <summary className={css.summary}>{`Add fields to region ${r + 1}`}</summary>
                  <MetadataFieldSelect
                    name={`${prefix}.Add`}
                    label="Fields to add"
                    fields={fields}
                    selectionMode="multiple"
                    exclude={placed}
                  />
                  <Button type="submit" name="intent" value="field.add" variant="secondary">
                    Add the ticked fields
                  </Button>
                </details>
              )}
            </section>
          );
        })}
        <div className={css.actions}>
          {rowButton("Add region", "region.add", () =>
            setRegions((rs) => [...rs, { key: next.current++, Name: "", Fields: [] }]),
          )}
        </div>
      </fieldset>
      <div className={css.actions}>
        <Button type="submit" name="intent" value="save">
          {isNew ? "Create view" : "Save view"}
        </Button>
      </div>
    </Form>
  );
}
