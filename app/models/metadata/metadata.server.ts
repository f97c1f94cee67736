import crypto from "node:crypto";
import { db, now } from "~/db/connection.server";
import type { MetadataFieldRow, MetadataViewRow } from "~/db/schema";
import { browseDecision, requireArchiveAdministration } from "~/models/access/access.server";
import { listArchives, type Archive } from "~/models/archive/archive.server";
import { isProblem, Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { perRequest } from "~/utils/request-scope.server";
import { viewProblems } from "./metadata-rules";
import {
  BUILTIN_FIELD_DEFINITIONS,
  BUILTIN_ROLES,
  DATA_TYPES,
  DEFAULT_VIEW_ID,
  FIRST_CUSTOM_FIELD_ID,
  FIXED_FIELD,
  namespaceLabel,
  VIEW_ID,
  viewInputSchema,
  type DataType,
  type DropdownValue,
  type FieldDefinition,
  type FieldInput,
  type FieldValidation,
  type MetadataViewRecord,
  type ViewField,
  type ViewInput,
} from "./metadata.schema";
import {
  metadataEditorLink,
  metadataSetView,
  type MetadataEditorLink,
  type MetadataSet,
} from "./metadata.view";
// Loaded for its engine: stored patterns are checked when settings are read and saved.
import "~/models/validation/pattern.server";
import { readJson, readList, readObject } from "~/db/json-column";
import { keyed } from "~/models/locale/keyed";

/*
 * Metadata fields and metadata views (decision 032): the built-in fields (in code) and the custom
 * ones (from 300, in metadata_fields), and the views (metadata_views) that say which fields an
 * archive shows, in which regions, and which play the builtin roles. Reads are open to the
 * callers' own checks (every browser reads its archive's view); the configuration reads and
 * every change ask for ManageArchives. Refusals a page shows are keyed (decision 104): the page
 * says them in the reader's language, the API in English.
 */

export const FIELD_NOT_FOUND = keyed("metadata.refusal.fieldNotFound");
export const VIEW_NOT_FOUND = keyed("metadata.refusal.viewNotFound");
export const NAMESPACE_NOT_FOUND = keyed("metadata.refusal.namespaceNotFound");
export const GROUP_NOT_FOUND = keyed("metadata.refusal.groupNotFound");
export const STALE_METADATA = keyed("metadata.conflict.stale");
const stale = () => new Problem("conflict", STALE_METADATA, { heading: "StaleRevision" });

const isDataType = (value: string): value is DataType =>
  (DATA_TYPES as readonly string[]).includes(value);

function toField(row: MetadataFieldRow): FieldDefinition {
  const multiInstance = row.multi_instance === 1;
  return {
    Id: row.id,
    GuiLabel: row.label,
    Namespace: row.namespace,
    NamespaceLabel: namespaceLabel(row.namespace),
    Group: row.field_group,
    FieldType: multiInstance ? "Bag" : "Single",
    DataType: isDataType(row.data_type) ? row.data_type : "text",
    MultiInstance: multiInstance,
    Multiline: row.multiline === 1,
    MaxSize: row.max_size,
    Validation: readObject<FieldValidation>(row.validation),
    Values: readList(row.dropdown_values) as DropdownValue[],
    IsBuiltin: false,
    Revision: row.updated_at,
  };
}

/** Every field: the built-in ones by id, then the custom ones by id. */
export function listFields(): Promise<FieldDefinition[]> {
  return perRequest("metadata-fields", async () => {
    const rows = await db().selectFrom("metadata_fields").selectAll().orderBy("id").execute();
    return [...BUILTIN_FIELD_DEFINITIONS, ...rows.map(toField)];
  });
}

export async function fieldsById(): Promise<Map<number, FieldDefinition>> {
  return new Map((await listFields()).map((f) => [f.Id, f]));
}

/** The field with this key (its id, as the configuration API writes it); null when none. */
export async function findField(key: string | number): Promise<FieldDefinition | null> {
  const text = String(key);
  if (!/^\d{1,9}$/.test(text)) return null;
  return (await fieldsById()).get(Number(text)) ?? null;
}

/** The fields of one namespace (by its alias, any case); a Problem when no field has it. */
export async function fieldsInNamespace(alias: string): Promise<FieldDefinition[]> {
  const key = alias.toLowerCase();
  const fields = (await listFields()).filter((f) => f.Namespace === key);
  if (fields.length === 0) throw new Problem("not-found", NAMESPACE_NOT_FOUND);
  return fields;
}

/** The fields of one group (by its name, any case); a Problem when no field has it. */
export async function fieldsInGroup(name: string): Promise<FieldDefinition[]> {
  const key = name.toLowerCase();
  const fields = (await listFields()).filter(
    (f) => f.Group !== "" && f.Group.toLowerCase() === key,
  );
  if (fields.length === 0) throw new Problem("not-found", GROUP_NOT_FOUND);
  return fields;
}

function fieldColumns(input: FieldInput) {
  return {
    label: input.GuiLabel,
    data_type: input.DataType,
    multi_instance: input.MultiInstance ? 1 : 0,
    multiline: input.Multiline ? 1 : 0,
    max_size: input.MaxSize,
    validation: JSON.stringify(input.Validation),
    dropdown_values: JSON.stringify(input.Values),
    namespace: input.Namespace,
    field_group: input.Group,
  };
}

export async function createField(
  viewer: Viewer | null,
  input: FieldInput,
): Promise<FieldDefinition> {
  await requireArchiveAdministration(viewer);
  const at = now();
  const row = await db()
    .insertInto("metadata_fields")
    .values({ ...fieldColumns(input), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toField(row);
}

/** A custom field by its key; not-found for none, conflict for a built-in one. */
export async function requireCustomField(key: string | number): Promise<FieldDefinition> {
  const field = await findField(key);
  if (!field) throw new Problem("not-found", FIELD_NOT_FOUND);
  if (field.IsBuiltin || field.Id < FIRST_CUSTOM_FIELD_ID)
    throw new Problem(
      "conflict",
      keyed("metadata.conflict.builtIn", { field: field.GuiLabel, id: String(field.Id) }),
    );
  return field;
}

/** The views the fields would break, each with its first problem. */
async function brokenViews(fields: Map<number, FieldDefinition>): Promise<string[]> {
  return (await listViews()).flatMap((view) => {
    const first = Object.values(viewProblems(view, fields))[0];
    // The view's problem is keyed too: as the label, it is resolved first (decision 104).
    return first ? [keyed("metadata.conflict.brokenView", { name: view.Name, label: first })] : [];
  });
}

/** Changes a custom field; refused when a view using it would break its rules. */
export async function updateField(
  viewer: Viewer | null,
  key: string,
  input: FieldInput,
): Promise<FieldDefinition> {
  await requireArchiveAdministration(viewer);
  const field = await requireCustomField(key);
  if (input.Revision !== undefined && input.Revision !== field.Revision) throw stale();
  const changed = new Map(await fieldsById());
  changed.set(field.Id, toField(fieldRowOf(field.Id, input)));
  const broken = await brokenViews(changed);
  if (broken.length > 0)
    throw new Problem("conflict", keyed("metadata.conflict.breaks"), { messages: broken });
  const row = await db()
    .updateTable("metadata_fields")
    .set({ ...fieldColumns(input), updated_at: now() })
    .where("id", "=", field.Id)
    // Another save landed between the read and this write: never undo it unseen.
    .where("updated_at", "=", field.Revision ?? "")
    .returningAll()
    .executeTakeFirst();
  if (!row) throw (await findField(field.Id)) ? stale() : new Problem("not-found", FIELD_NOT_FOUND);
  return toField(row);
}

function fieldRowOf(id: number, input: FieldInput): MetadataFieldRow {
  return { id, ...fieldColumns(input), created_at: "", updated_at: input.Revision ?? "" };
}

/** Removes a custom field that no view uses. */
export async function deleteField(viewer: Viewer | null, key: string): Promise<FieldDefinition> {
  await requireArchiveAdministration(viewer);
  const field = await requireCustomField(key);
  const users = (await listViews()).filter((v) => viewFieldIds(v).has(field.Id));
  if (users.length > 0)
    throw new Problem(
      "conflict",
      keyed("metadata.conflict.fieldInUse", {
        field: field.GuiLabel,
        id: String(field.Id),
        views: users.map((v) => `"${v.Name}"`).join(", "),
      }),
    );
  // A field's taxonomy (and its items, by cascade) goes with it: taxonomies.field_id cannot
  // reference metadata_fields, which holds no built-in fields.
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("taxonomies").where("field_id", "=", field.Id).execute();
      await trx.deleteFrom("metadata_fields").where("id", "=", field.Id).execute();
    });
  return field;
}

function viewFieldIds(view: MetadataViewRecord): Set<number> {
  return new Set([
    ...BUILTIN_ROLES.map((r) => view.BuiltinFields[r].Field),
    ...view.DetailRegions.flatMap((r) => r.Fields.map((f) => f.Field)),
  ]);
}

/*
 * The view every archive falls back to when the stored one is missing or damaged, the same as
 * the one the migration seeds (so an archive always has a metadata set to link).
 */
const entry = (field: number): ViewField => ({
  Field: field,
  IsWritable: true,
  Required: false,
  TaxonomyOnly: false,
});
export const DEFAULT_VIEW: MetadataViewRecord = {
  Id: DEFAULT_VIEW_ID,
  Name: "Default",
  Revision: "",
  BuiltinFields: {
    Title: entry(5),
    Description: entry(120),
    Tags: entry(25),
    Status: entry(FIXED_FIELD.status),
    Rating: entry(FIXED_FIELD.rating),
    Notes: entry(FIXED_FIELD.notes),
  },
  DetailRegions: [
    { Name: "Description", Fields: [5, 105, 120, 25, 40, 10, 122].map(entry) },
    { Name: "Location", Fields: [92, 90, 95, 101].map(entry) },
    { Name: "Rights", Fields: [80, 85, 110, 115, 116].map(entry) },
    { Name: "Origin", Fields: [55, 103].map(entry) },
  ],
};

function toView(row: MetadataViewRow): MetadataViewRecord {
  // Read through the schema, so a damaged record reads as the default's parts, not as a crash.
  const parsed = viewInputSchema.safeParse({
    Name: row.name,
    BuiltinFields: readJson(row.builtin_fields) ?? null,
    DetailRegions: readJson(row.detail_regions) ?? [],
  });
  const value = parsed.success ? parsed.data : { ...DEFAULT_VIEW, Name: row.name };
  return {
    Id: row.id,
    Name: row.name,
    Revision: row.updated_at,
    BuiltinFields: value.BuiltinFields,
    DetailRegions: value.DetailRegions,
  };
}

/** Every view, by name. */
export function listViews(): Promise<MetadataViewRecord[]> {
  return perRequest("metadata-views", async () => {
    const rows = await db().selectFrom("metadata_views").selectAll().orderBy("name_key").execute();
    return rows.map(toView);
  });
}

/** The view with this id; null for an unknown one, or one no id could name. */
export async function findView(id: string): Promise<MetadataViewRecord | null> {
  if (!VIEW_ID.test(id)) return null;
  return (await listViews()).find((v) => v.Id === id) ?? null;
}

/** The view with this id, or a Problem (not-found). */
export async function requireView(id: string): Promise<MetadataViewRecord> {
  const view = await findView(id);
  if (!view) throw new Problem("not-found", VIEW_NOT_FOUND);
  return view;
}

function pickView(views: MetadataViewRecord[], archive: Pick<Archive, "config">) {
  return (
    views.find((v) => v.Id === archive.config.MetadataSetId) ??
    views.find((v) => v.Id === DEFAULT_VIEW_ID) ??
    DEFAULT_VIEW
  );
}

/**
 * The view's metadata set, for anyone who may browse: every collection and asset links its
 * archive's, so it is no more private than they are (decision 032).
 */
export async function metadataSet(viewer: Viewer | null, id: string): Promise<MetadataSet> {
  const decision = browseDecision(viewer);
  if (!decision.allowed) throw decision.problem;
  const [view, fields, taxonomies] = await Promise.all([
    requireView(id),
    fieldsById(),
    db().selectFrom("taxonomies").select("field_id").execute(),
  ]);
  return metadataSetView(view, fields, new Set(taxonomies.map((t) => t.field_id)));
}

/** The view the archive uses: the one its configuration names, else the default. */
export async function viewForArchive(
  archive: Pick<Archive, "config">,
): Promise<MetadataViewRecord> {
  return pickView(await listViews(), archive);
}

/** Each archive's metadataEditor link, by archive id (one read of the views for them all). */
export async function metadataEditors(
  archives: readonly Pick<Archive, "id" | "config">[],
): Promise<Map<number, MetadataEditorLink>> {
  if (archives.length === 0) return new Map();
  const views = await listViews();
  return new Map(archives.map((a) => [a.id, metadataEditorLink(pickView(views, a))]));
}

export type ViewResult =
  { ok: true; view: MetadataViewRecord } | { ok: false; fieldErrors: Record<string, string> };

const viewColumns = (input: ViewInput) => ({
  name: input.Name,
  name_key: input.Name.toLowerCase(),
  builtin_fields: JSON.stringify(input.BuiltinFields),
  detail_regions: JSON.stringify(input.DetailRegions),
});

async function nameTaken(input: ViewInput, except: string | null): Promise<boolean> {
  const row = await db()
    .selectFrom("metadata_views")
    .select("id")
    .where("name_key", "=", input.Name.toLowerCase())
    .executeTakeFirst();
  return row !== undefined && row.id !== except;
}

const NAME_TAKEN = keyed("metadata.validation.nameTaken");
const ID_TAKEN = keyed("metadata.validation.idTaken");

export async function createView(viewer: Viewer | null, input: ViewInput): Promise<ViewResult> {
  await requireArchiveAdministration(viewer);
  const problems = viewProblems(input, await fieldsById());
  if (await nameTaken(input, null)) problems.Name = NAME_TAKEN;
  const id = input.Id ?? crypto.randomUUID();
  if (input.Id && (await findStoredView(input.Id))) problems.Id = ID_TAKEN;
  if (Object.keys(problems).length > 0) return { ok: false, fieldErrors: problems };
  const at = now();
  try {
    await db()
      .insertInto("metadata_views")
      .values({ id, ...viewColumns(input), created_at: at, updated_at: at })
      .execute();
  } catch (error) {
    // Another request took the name or the id in between: the unique index refused it.
    if (await nameTaken(input, null)) return { ok: false, fieldErrors: { Name: NAME_TAKEN } };
    if (await findStoredView(id)) return { ok: false, fieldErrors: { Id: ID_TAKEN } };
    throw error;
  }
  return { ok: true, view: (await findStoredView(id))! };
}

async function findStoredView(id: string): Promise<MetadataViewRecord | null> {
  const row = await db()
    .selectFrom("metadata_views")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/** Replaces a view's name, builtin mapping and regions; its id never changes. */
export async function updateView(
  viewer: Viewer | null,
  id: string,
  input: ViewInput,
): Promise<ViewResult> {
  await requireArchiveAdministration(viewer);
  const existing = VIEW_ID.test(id) ? await findStoredView(id) : null;
  if (!existing) throw new Problem("not-found", VIEW_NOT_FOUND);
  if (input.Revision !== undefined && input.Revision !== existing.Revision) throw stale();
  const problems = viewProblems(input, await fieldsById());
  if (input.Id !== undefined && input.Id !== id) problems.Id = keyed("metadata.validation.keepsId");
  if (await nameTaken(input, id)) problems.Name = NAME_TAKEN;
  if (Object.keys(problems).length > 0) return { ok: false, fieldErrors: problems };
  try {
    const result = await db()
      .updateTable("metadata_views")
      .set({ ...viewColumns(input), updated_at: now() })
      .where("id", "=", id)
      .where("updated_at", "=", existing.Revision)
      .executeTakeFirst();
    // Another save landed between the read and this write: never undo it unseen.
    if (Number(result.numUpdatedRows) !== 1) throw stale();
  } catch (error) {
    if (isProblem(error)) throw error;
    if (await nameTaken(input, id)) return { ok: false, fieldErrors: { Name: NAME_TAKEN } };
    throw error;
  }
  const view = await findStoredView(id);
  if (!view) throw new Problem("not-found", VIEW_NOT_FOUND);
  return { ok: true, view };
}

/** Removes a view no archive uses; the default view stays, as every archive falls back to it. */
export async function deleteView(viewer: Viewer | null, id: string): Promise<MetadataViewRecord> {
  await requireArchiveAdministration(viewer);
  const view = VIEW_ID.test(id) ? await findStoredView(id) : null;
  if (!view) throw new Problem("not-found", VIEW_NOT_FOUND);
  if (view.Id === DEFAULT_VIEW_ID)
    throw new Problem("conflict", keyed("metadata.conflict.defaultView"));
  const users = (await listArchives()).filter((a) => a.config.MetadataSetId === view.Id);
  if (users.length > 0)
    throw new Problem(
      "conflict",
      keyed("metadata.conflict.viewInUse", {
        archives: users.map((a) => `"${a.name}"`).join(", "),
      }),
    );
  await db().deleteFrom("metadata_views").where("id", "=", view.Id).execute();
  return view;
}
