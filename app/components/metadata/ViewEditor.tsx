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
import { useT } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

/*
 * The builtin roles' names by message id (a view as browsers read it keeps its own map, so the
 * two pages share no module for it).
 */
const ROLE_LABELS: Record<BuiltinRole, MessageId> = {
  Title: "metadata.role.title",
  Description: "metadata.role.description",
  Tags: "metadata.role.tags",
  Status: "metadata.role.status",
  Rating: "metadata.role.rating",
  Notes: "metadata.role.notes",
};

/** An entry's flags and their names, by message id. */
const FLAGS: readonly (readonly ["IsWritable" | "Required" | "TaxonomyOnly", MessageId])[] = [
  ["IsWritable", "metadata.column.writable"],
  ["Required", "metadata.column.required"],
  ["TaxonomyOnly", "metadata.viewEditor.taxonomyOnly"],
];

/** What a row button posts without JavaScript, beside its intent (editViewDraft reads it). */
const POSTED = { type: "submit", name: "intent" } as const;
const ADD_REGION = "region.add";

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
  const t = useT();
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
      {...(hydrated ? { onPress: act } : { ...POSTED, value: intent })}
    >
      {label}
    </Button>
  );

  const flags = (prefix: string, entry: EntryDraft, fixed: boolean) => (
    <div className={css.flags}>
      {FLAGS.map(([flag, label]) =>
        fixed && flag === "TaxonomyOnly" ? null : (
          <CheckboxField
            key={flag}
            name={`${prefix}.${flag}`}
            defaultSelected={entry[flag]}
            errors={error(`${prefix}.${flag}`)}
          >
            {t(label)}
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
        <th scope="row">{t(ROLE_LABELS[role])}</th>
        <td>
          {hydrated && !isFixedRole(role) ? (
            <div className={css.actions}>
              <span>{field ? fieldChoiceLabel(field) : t("metadata.viewEditor.noField")}</span>
              <input type="hidden" name={`${prefix}.Field`} value={chosen ?? ""} />
              <MetadataFieldPicker
                fields={fields}
                role={role}
                selectionMode="single"
                defaultSelected={chosen === null ? [] : [chosen]}
                onSelect={([id]) => setBuiltin((b) => ({ ...b, [role]: id ?? null }))}
                label={t("metadata.viewEditor.chooseRole", { role })}
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
              label={t("metadata.viewEditor.roleField", { role })}
              fields={fields}
              role={role}
              selectionMode="single"
              defaultSelected={entry.Field === null ? [] : [entry.Field]}
              emptyLabel={entry.Field === null ? t("metadata.viewEditor.chooseField") : undefined}
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
      aria-label={isNew ? t("metadata.viewEditor.new") : t("metadata.view.meta")}
    >
      <button type="submit" name="intent" value="save" className={css.defaultButton} tabIndex={-1}>
        {t("metadata.save")}
      </button>
      <EditorHead revision={revision} formError={formError} />
      <fieldset className={css.section}>
        <legend className={css.legend}>{t("metadata.viewEditor.identification")}</legend>
        <div className={css.columns}>
          <TextField
            label={t("metadata.column.name")}
            name="Name"
            isRequired
            maxLength={100}
            defaultValue={draft.Name}
            errors={error("Name")}
          />
          {isNew ? (
            <TextField
              label={t("metadata.viewEditor.id")}
              name="Id"
              maxLength={64}
              defaultValue={draft.Id}
              description={t("metadata.viewEditor.idHelp")}
              errors={error("Id")}
            />
          ) : null}
        </div>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.legend}>{t("metadata.builtinFields")}</legend>
        <p className={muted}>{t("metadata.viewEditor.builtinIntro")}</p>
        <TableScroller label={t("metadata.builtinFields")}>
          <table className={css.table}>
            <thead>
              <tr>
                <th scope="col">{t("metadata.column.role")}</th>
                <th scope="col">{t("metadata.column.field")}</th>
                <th scope="col">{t("metadata.column.flags")}</th>
              </tr>
            </thead>
            <tbody>{BUILTIN_ROLES.map(slot)}</tbody>
          </table>
        </TableScroller>
      </fieldset>
      <fieldset className={css.section}>
        <legend className={css.legend}>{t("metadata.viewEditor.regions")}</legend>
        {regions.length === 0 ? (
          <p className={muted}>{t("metadata.viewEditor.noRegions")}</p>
        ) : null}
        {regions.map((region, r) => {
          const prefix = `DetailRegions[${r}]`;
          const n = r + 1;
          return (
            <section
              key={region.key}
              className={css.region}
              aria-label={t("metadata.viewEditor.region", { n })}
            >
              <div className={css.row}>
                <TextField
                  label={t("metadata.viewEditor.regionName", { n })}
                  name={`${prefix}.Name`}
                  maxLength={100}
                  defaultValue={region.Name}
                  errors={error(`${prefix}.Name`)}
                />
                <div className={css.actions}>
                  {rowButton(
                    t("metadata.viewEditor.up"),
                    `region.up.${r}`,
                    () => move(r, -1),
                    t("metadata.viewEditor.moveUp", { n }),
                  )}
                  {rowButton(
                    t("metadata.viewEditor.down"),
                    `region.down.${r}`,
                    () => move(r, 1),
                    t("metadata.viewEditor.moveDown", { n }),
                  )}
                  {rowButton(
                    t("metadata.remove"),
                    `region.remove.${r}`,
                    () => setRegions((rs) => rs.filter((x) => x.key !== region.key)),
                    t("metadata.viewEditor.removeRegion", { n }),
                  )}
                </div>
              </div>
              {region.Fields.length === 0 ? (
                <p className={muted}>{t("metadata.regionEmpty")}</p>
              ) : (
                <TableScroller label={t("metadata.viewEditor.regionFields", { n })}>
                  <table
                    className={css.table}
                    aria-label={t("metadata.viewEditor.regionFields", { n })}
                  >
                    <thead>
                      <tr>
                        <th scope="col">{t("metadata.column.field")}</th>
                        <th scope="col">{t("metadata.column.flags")}</th>
                        <th scope="col">
                          <span className={visuallyHidden}>{t("metadata.column.actions")}</span>
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
                              {field
                                ? fieldChoiceLabel(field)
                                : t("metadata.viewEditor.fieldById", { id: entry.Field ?? "?" })}
                              {fieldError ? (
                                <p className={css.error} role="alert">
                                  {[fieldError].flat().join(" ")}
                                </p>
                              ) : null}
                            </th>
                            <td>{flags(name, entry, false)}</td>
                            <td>
                              {rowButton(
                                t("metadata.remove"),
                                `field.remove.${r}.${i}`,
                                () =>
                                  change(region.key, (x) => ({
                                    ...x,
                                    Fields: x.Fields.filter((_, j) => j !== i),
                                  })),
                                field
                                  ? t("metadata.viewEditor.removeField", {
                                      field: field.GuiLabel,
                                      n,
                                    })
                                  : t("metadata.viewEditor.removeTheField", { n }),
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
                  label={t("metadata.viewEditor.addFields", { n })}
                />
              ) : (
                <details>
                  <summary className={css.summary}>
                    {t("metadata.viewEditor.addFields", { n })}
                  </summary>
                  <MetadataFieldSelect
                    name={`${prefix}.Add`}
                    label={t("metadata.viewEditor.fieldsToAdd")}
                    fields={fields}
                    selectionMode="multiple"
                    exclude={placed}
                  />
                  <Button type="submit" name="intent" value="field.add" variant="secondary">
                    {t("metadata.viewEditor.addTicked")}
                  </Button>
                </details>
              )}
            </section>
          );
        })}
        <div className={css.actions}>
          {rowButton(t("metadata.viewEditor.addRegion"), ADD_REGION, () =>
            setRegions((rs) => [...rs, { key: next.current++, Name: "", Fields: [] }]),
          )}
        </div>
      </fieldset>
      <div className={css.actions}>
        <Button type="submit" name="intent" value="save">
          {isNew ? t("metadata.viewEditor.create") : t("metadata.viewEditor.save")}
        </Button>
      </div>
    </Form>
  );
}
