import type { Kysely } from "kysely";
import { db } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { AssetRow, Database } from "~/db/schema";
import { assetDecision, assetsDecision, ASSET_NOT_FOUND } from "~/models/access/access.server";
import type { Archive } from "~/models/archive/archive.server";
import type { FieldEdit } from "~/models/background-task/task.schema";
import {
  applyFieldEdits,
  changedFields,
  checkFieldEdits,
  emptiedRequired,
  type EditorField,
} from "~/models/metadata/field-values";
import { FIELD, type FieldValues } from "~/models/metadata/metadata-fields";
import {
  BUILTIN_ROLES,
  FIXED_FIELD,
  isDropdownType,
  type FieldDefinition,
  type MetadataViewRecord,
} from "~/models/metadata/metadata.schema";
import { fieldsById, listViews, viewForArchive } from "~/models/metadata/metadata.server";
import { Problem } from "~/models/problem/problem";
import { taxonomyEditErrors, withFieldTaxonomies } from "~/models/taxonomy/taxonomy-fields.server";
import type { Viewer } from "~/models/user/user.schema";
import { writeRevision } from "./revision-write.server";
import { readObject } from "~/db/json-column";

/*
 * Editing an asset's metadata (issue 17, decision 045): the editor model of the fields the
 * archive's metadata view shows, and the edit of one asset now (the asset page, PATCH). A
 * selection is edited by the metadata-edit task, which keeps the same rules (field-values.ts).
 */

export type { EditorField } from "~/models/metadata/field-values";
export { applyFieldEdits, checkFieldEdits } from "~/models/metadata/field-values";

/** The builtin roles' names in an asset update (reference AssetUpdate builtinFields). */
export const BUILTIN_FIELD_IDS: Readonly<Record<string, number>> = {
  title: FIELD.title,
  description: FIELD.description,
  tags: FIELD.keywords,
  notes: FIXED_FIELD.notes,
  status: FIXED_FIELD.status,
  rating: FIXED_FIELD.rating,
};

interface ViewEntry {
  field: FieldDefinition;
  writable: boolean;
  required: boolean;
  taxonomyOnly: boolean;
}

/** The view's fields in its order (builtin roles first, then the regions), each once. */
function viewEntries(
  view: MetadataViewRecord,
  definitions: ReadonlyMap<number, FieldDefinition>,
): Map<number, ViewEntry> {
  const entries = new Map<number, ViewEntry>();
  const all = [
    ...BUILTIN_ROLES.map((role) => view.BuiltinFields[role]),
    ...view.DetailRegions.flatMap((r) => r.Fields),
  ];
  for (const e of all) {
    const field = definitions.get(e.Field);
    if (!field) continue;
    const seen = entries.get(e.Field);
    // A field in two places is writable only if both say so, required if either does.
    entries.set(e.Field, {
      field,
      writable: (seen?.writable ?? true) && e.IsWritable,
      required: (seen?.required ?? false) || e.Required,
      taxonomyOnly: (seen?.taxonomyOnly ?? false) || e.TaxonomyOnly,
    });
  }
  return entries;
}

function editorField(entry: ViewEntry, readonly: boolean): EditorField {
  const f = entry.field;
  const v = f.Validation;
  return {
    id: f.Id,
    label: f.GuiLabel,
    dataType: f.DataType,
    multiInstance: f.MultiInstance,
    multiline: f.Multiline,
    required: entry.required,
    readonly: readonly || !entry.writable,
    options: isDropdownType(f.DataType)
      ? f.Values.map((d) => ({ value: d.Value, label: d.Description || d.Value }))
      : [],
    validation: {
      ...(v.Regexp !== undefined ? { regexp: v.Regexp } : {}),
      ...(v.HelpText !== undefined ? { helpText: v.HelpText } : {}),
      ...(v.Min !== undefined ? { min: v.Min } : {}),
      ...(v.Max !== undefined ? { max: v.Max } : {}),
    },
    labelPlacement: "top",
    taxonomyHref: null,
    taxonomyOnly: entry.taxonomyOnly,
    maxLength: f.MaxSize,
    values: [],
    mixed: false,
  };
}

/**
 * The rules of each archive's view, read once for a whole selection or task run: the views and
 * the field definitions are two queries, not two per asset.
 */
export class ArchiveFieldRules {
  private definitions: Promise<Map<number, FieldDefinition>> | null = null;
  private views: Promise<MetadataViewRecord[]> | null = null;
  private byArchive = new Map<number, Promise<Map<number, EditorField>>>();

  /** The archive's view as editor fields (without values), by field id. */
  forArchive(archive: Pick<Archive, "id" | "config">): Promise<Map<number, EditorField>> {
    let rules = this.byArchive.get(archive.id);
    if (!rules) {
      this.definitions ??= fieldsById();
      this.views ??= listViews();
      rules = Promise.all([this.definitions, this.views]).then(([definitions, views]) => {
        const view =
          views.find((v) => v.Id === archive.config.MetadataSetId) ??
          views.find((v) => v.Id === "default");
        return view ? this.build(view, definitions) : this.fallback(archive, definitions);
      });
      this.byArchive.set(archive.id, rules);
    }
    return rules;
  }

  private build(view: MetadataViewRecord, definitions: Map<number, FieldDefinition>) {
    return new Map(
      [...viewEntries(view, definitions).values()].map((e) => [e.field.Id, editorField(e, false)]),
    );
  }

  private async fallback(
    archive: Pick<Archive, "id" | "config">,
    definitions: Map<number, FieldDefinition>,
  ) {
    return this.build(await viewForArchive(archive), definitions);
  }
}

function valuesOfField(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== "");
}

/** Each field's values over the assets (see EditorField.values). */
function withValues(field: EditorField, assets: readonly FieldValues[]): EditorField {
  if (assets.length === 0) return field;
  const counts = new Map<string, number>();
  for (const values of assets)
    for (const v of new Set(valuesOfField(values[field.id])))
      counts.set(v, (counts.get(v) ?? 0) + 1);
  const values = [...counts].map(([value, n]) => ({ value, notInAll: n < assets.length }));
  const mixed =
    !field.multiInstance && (counts.size > 1 || (counts.size === 1 && values[0]!.notInAll));
  return { ...field, values, mixed };
}

/**
 * The editor fields of the assets' archive view(s), with the assets' values, and which of the
 * assets the viewer may edit. One asset the viewer may not see throws not-found, as its page
 * does; in a selection, assets the viewer may not see or not edit are listed in `refused`. When
 * the selection spans archives with different views, only the fields every view shows are
 * offered, writable only where every view has them writable (each asset is checked against its
 * own view when the edit runs).
 */
export async function editorFieldsFor(
  viewer: Viewer,
  assetIds: number[],
): Promise<{ fields: EditorField[]; editable: number[]; refused: number[] }> {
  const ids = [...new Set(assetIds)];
  const decisions = await assetsDecision(viewer, ids, "EditText");
  const editable: { asset: AssetRow; archive: Archive }[] = [];
  const refused: number[] = [];
  for (const id of ids) {
    const d = decisions.get(id);
    if (d?.allowed) editable.push(d.value);
    else refused.push(id);
  }
  let shown = editable;
  if (editable.length === 0) {
    // Nothing to edit: show the visible ones' values read-only, as the page shows them.
    const visible = await assetsDecision(viewer, refused, "View");
    shown = [...visible.values()].flatMap((d) => (d.allowed ? [d.value] : []));
    if (shown.length === 0 && ids.length === 1) throw new Problem("not-found", ASSET_NOT_FOUND);
  }
  const rules = new ArchiveFieldRules();
  const archives = [...new Map(shown.map((s) => [s.archive.id, s.archive])).values()];
  const perArchive = await Promise.all(archives.map((a) => rules.forArchive(a)));
  const [first, ...others] = perArchive;
  if (!first) return { fields: [], editable: [], refused };
  const readonly = editable.length === 0;
  const assetValues = shown.map((s) => readObject<FieldValues>(s.asset.metadata));
  const fields = [...first.values()].flatMap((field) => {
    const elsewhere = others.map((o) => o.get(field.id));
    if (elsewhere.some((f) => f === undefined)) return [];
    const merged: EditorField = {
      ...field,
      readonly: readonly || field.readonly || elsewhere.some((f) => f!.readonly),
      required: field.required || elsewhere.some((f) => f!.required),
      taxonomyOnly: field.taxonomyOnly || elsewhere.some((f) => f!.taxonomyOnly),
    };
    return [withValues(merged, assetValues)];
  });
  return {
    fields: await withFieldTaxonomies(fields),
    editable: editable.map((e) => e.asset.id),
    refused,
  };
}

export type EditResult =
  | { ok: true; revision: number; changedFields: { field: number; value: string }[] }
  | { ok: false; errors: Record<string, string> };

/**
 * Applies checked changes to one asset inside `trx`: its values as they are now (the row held
 * until the transaction ends), the new revision (kind "edit") when anything changed. The
 * asset's current revision is answered when nothing did. Used by the one-asset edit and by the
 * metadata-edit task, so both write the same way.
 */
export async function writeFieldEdits(
  trx: Kysely<Database>,
  assetId: number,
  fields: ReadonlyMap<number, EditorField>,
  changes: FieldEdit[],
  by: { userId: number | null; jobId?: number | null },
): Promise<
  | { ok: true; before: number; after: number; changed: { field: number; value: string }[] }
  | { ok: false; errors: Record<string, string>; gone?: true }
> {
  await lockRowForUpdate(trx, "assets", assetId);
  const row = await trx
    .selectFrom("assets")
    .select(["metadata", "current_revision"])
    .where("id", "=", assetId)
    .where("trash_id", "is", null)
    .executeTakeFirst();
  // Deleted (or thrown away) since its rights were checked: as if it never was.
  if (!row) return { ok: false, errors: { asset: ASSET_NOT_FOUND }, gone: true };
  const before = readObject<FieldValues>(row.metadata);
  const bags = new Set([...fields.values()].filter((f) => f.multiInstance).map((f) => f.id));
  const after = applyFieldEdits(before, changes, bags);
  const emptied = emptiedRequired(fields, changes, after);
  if (Object.keys(emptied).length > 0) return { ok: false, errors: emptied };
  const changed = changedFields(before, after);
  if (changed.length === 0)
    return { ok: true, before: row.current_revision, after: row.current_revision, changed };
  const written = await writeRevision(trx, assetId, {
    kind: "edit",
    userId: by.userId,
    jobId: by.jobId ?? null,
    fields: after,
  });
  return { ok: true, before: written.previous, after: written.number, changed };
}

/**
 * One asset, now: EditText checked, the changes validated against its archive's view, and
 * written with a new revision in one transaction (the search document with it, so a search
 * finds the new words at once). Refused or invisible assets throw the access Problem; a value
 * that fails its rule, a read-only field or one outside the view is answered with field errors
 * and nothing is written. No change at all makes no revision.
 */
export async function editAssetMetadata(
  viewer: Viewer,
  assetId: number,
  changes: FieldEdit[],
): Promise<EditResult> {
  const decision = await assetDecision(viewer, assetId, "EditText");
  if (!decision.allowed) throw decision.problem;
  const { archive } = decision.value;
  const fields = await new ArchiveFieldRules().forArchive(archive);
  const checked = checkFieldEdits(fields, changes);
  if (Object.keys(checked.errors).length > 0) return { ok: false, errors: checked.errors };
  const refused = await taxonomyEditErrors(fields, checked.changes);
  if (Object.keys(refused).length > 0) return { ok: false, errors: refused };
  const result = await db()
    .transaction()
    .execute((trx) =>
      writeFieldEdits(trx, assetId, fields, checked.changes, { userId: viewer.id ?? null }),
    );
  if (!result.ok) {
    if (result.gone) throw new Problem("not-found", ASSET_NOT_FOUND);
    return { ok: false, errors: result.errors };
  }
  return { ok: true, revision: result.after, changedFields: result.changed };
}
