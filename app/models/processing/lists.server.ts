import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { db, now } from "~/db/connection.server";
import type { NamedSettingsRow } from "~/db/schema";
import { requireArchiveAdministration } from "~/models/access/access.server";
import { listArchives, type Archive } from "~/models/archive/archive.server";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import type { NamedList } from "./config-lists.server";
import {
  cropProfileSetSchema,
  EMPTY_ID,
  GUID,
  processingProfileSchema,
  processingProfileSetSchema,
  renditionSetSchema,
  type CropProfileSetInput,
  type ProcessingProfileInput,
  type ProcessingProfileSetInput,
  type RenditionSetInput,
} from "./processing.schema";

/*
 * Create, read, update and delete for the four named lists (decision 040), behind the archive
 * administration gate. The settings column holds the record without its name; every read parses
 * it again through the list's schema, so a damaged row reads as the schema's defaults would have
 * it or not at all, never as something unchecked. What an archive or a set uses cannot be deleted.
 */

interface ListKind<S extends z.ZodTypeAny> {
  table: NamedList;
  schema: S;
  /** The config API's folder, for each record's Href. */
  apiPath: string;
}

export const LISTS = {
  processingProfiles: {
    table: "processing_profiles",
    schema: processingProfileSchema,
    apiPath: "/fotoweb/api/config/processingprofiles",
  },
  processingProfileSets: {
    table: "processing_profile_sets",
    schema: processingProfileSetSchema,
    apiPath: "/fotoweb/api/config/processingprofilesets",
  },
  renditionSets: {
    table: "rendition_sets",
    schema: renditionSetSchema,
    apiPath: "/fotoweb/api/config/quickrenditionsets",
  },
  cropProfileSets: {
    table: "crop_profile_sets",
    schema: cropProfileSetSchema,
    apiPath: "/fotoweb/api/config/cropprofilesets",
  },
} as const satisfies Record<string, ListKind<z.ZodTypeAny>>;

export type ListName = keyof typeof LISTS;

interface Inputs {
  processingProfiles: ProcessingProfileInput;
  processingProfileSets: ProcessingProfileSetInput;
  renditionSets: RenditionSetInput;
  cropProfileSets: CropProfileSetInput;
}

/** One entry as the API answers it: its id, name, href and its own settings. */
export type ListRecord<L extends ListName> = Inputs[L] & { Id: string; Href: string };

export const isListName = (value: string): value is ListName => value in LISTS;

function toRecord<L extends ListName>(list: L, row: NamedSettingsRow): ListRecord<L> | null {
  let settings: unknown;
  try {
    settings = JSON.parse(row.settings);
  } catch {
    return null;
  }
  const parsed = LISTS[list].schema.safeParse({
    ...(settings && typeof settings === "object" ? settings : {}),
    Name: row.name,
  });
  if (!parsed.success) return null;
  return {
    Id: row.id,
    ...(parsed.data as Inputs[L]),
    Href: `${LISTS[list].apiPath}/${row.id}`,
  } as ListRecord<L>;
}

const notFound = (list: ListName) =>
  new Problem("not-found", keyed("settings.processing.refusal.notFound", { list }));

/** Every entry of a list, by name; the reads the runtime (downloads, previews) uses too. */
export async function readList<L extends ListName>(list: L): Promise<ListRecord<L>[]> {
  const rows = await db().selectFrom(LISTS[list].table).selectAll().orderBy("name_key").execute();
  return rows.flatMap((row) => toRecord(list, row) ?? []);
}

/** One entry by id, or null (the empty id and malformed ids too). */
export async function readEntry<L extends ListName>(
  list: L,
  id: string,
): Promise<ListRecord<L> | null> {
  if (!GUID.test(id) || id === EMPTY_ID) return null;
  const row = await db()
    .selectFrom(LISTS[list].table)
    .selectAll()
    .where("id", "=", id.toLowerCase())
    .executeTakeFirst();
  return row ? toRecord(list, row) : null;
}

export async function listEntries<L extends ListName>(viewer: Viewer | null, list: L) {
  await requireArchiveAdministration(viewer);
  return readList(list);
}

export async function getEntry<L extends ListName>(viewer: Viewer | null, list: L, id: string) {
  await requireArchiveAdministration(viewer);
  const entry = await readEntry(list, id);
  if (!entry) throw notFound(list);
  return entry;
}

/** A refusal by field, as the forms and the API show it. */
export class ListInputError extends Error {
  constructor(
    readonly fieldErrors: Record<string, string>,
    /** The name is another entry's: a conflict (409) rather than a mistake (400). */
    readonly nameTaken = false,
  ) {
    super(Object.values(fieldErrors)[0]);
    this.name = "ListInputError";
  }
}

/** The references an entry makes that must exist: a set's profiles, a profile's watermark. */
async function checkReferences(list: ListName, input: Inputs[ListName]) {
  const errors: Record<string, string> = {};
  if (list === "processingProfileSets") {
    const ids = (input as ProcessingProfileSetInput).Profiles;
    const known = new Set(
      (
        await db().selectFrom("processing_profiles").select("id").where("id", "in", ids).execute()
      ).map((r) => r.id),
    );
    const missing = ids.findIndex((id) => !known.has(id));
    if (missing >= 0) errors.Profiles = keyed("settings.processing.validation.profileGone");
  }
  if (list === "processingProfiles") {
    const name = (input as ProcessingProfileInput).Watermark.FileName;
    if (name) {
      const found = await db()
        .selectFrom("watermarks")
        .select("file_name")
        .where("file_name", "=", name)
        .executeTakeFirst();
      if (!found)
        errors["Watermark.FileName"] = keyed("settings.processing.validation.chooseWatermark");
    }
  }
  if (Object.keys(errors).length > 0) throw new ListInputError(errors);
}

const columns = (input: { Name: string }) => {
  const { Name, ...settings } = input;
  return { name: Name, name_key: Name.toLowerCase(), settings: JSON.stringify(settings) };
};

async function nameTaken(list: ListName, name: string, except?: string) {
  let query = db()
    .selectFrom(LISTS[list].table)
    .select("id")
    .where("name_key", "=", name.toLowerCase());
  if (except) query = query.where("id", "!=", except);
  return (await query.executeTakeFirst()) !== undefined;
}

const NAME_TAKEN = {
  processingProfiles: "settings.processing.validation.nameTaken.processingProfiles",
  processingProfileSets: "settings.processing.validation.nameTaken.processingProfileSets",
  renditionSets: "settings.processing.validation.nameTaken.renditionSets",
  cropProfileSets: "settings.processing.validation.nameTaken.cropProfileSets",
} as const satisfies Record<ListName, MessageId>;

const nameTakenError = (list: ListName) =>
  new ListInputError({ Name: keyed(NAME_TAKEN[list]) }, true);

/** Whether a write failed on the unique name (two saves racing past the check). */
const isUniqueViolation = (error: unknown) =>
  /unique|duplicate key/i.test(error instanceof Error ? error.message : String(error));

export async function createEntry<L extends ListName>(
  viewer: Viewer | null,
  list: L,
  input: Inputs[L],
): Promise<ListRecord<L>> {
  await requireArchiveAdministration(viewer);
  await checkReferences(list, input);
  if (await nameTaken(list, input.Name)) throw nameTakenError(list);
  const id = randomUUID();
  const at = now();
  try {
    await db()
      .insertInto(LISTS[list].table)
      .values({ id, ...columns(input), created_at: at, updated_at: at })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError(list);
    throw error;
  }
  return (await readEntry(list, id))!;
}

export async function updateEntry<L extends ListName>(
  viewer: Viewer | null,
  list: L,
  id: string,
  input: Inputs[L],
): Promise<ListRecord<L>> {
  await requireArchiveAdministration(viewer);
  const current = await readEntry(list, id);
  if (!current) throw notFound(list);
  await checkReferences(list, input);
  if (await nameTaken(list, input.Name, current.Id)) throw nameTakenError(list);
  try {
    await db()
      .updateTable(LISTS[list].table)
      .set({ ...columns(input), updated_at: now() })
      .where("id", "=", current.Id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError(list);
    throw error;
  }
  return (await readEntry(list, current.Id))!;
}

/** Which archive configuration field names an entry of each list. */
const ARCHIVE_USES: Record<ListName, (archive: Archive) => string> = {
  processingProfiles: (a) => a.config.DownloadProcessing.SpecificProcessingProfile,
  processingProfileSets: (a) => a.config.DownloadProcessing.CustomProcessingProfileSet,
  renditionSets: (a) => a.config.PreviewSizeList,
  cropProfileSets: (a) => a.config.CropProfileSet,
};

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(", ");

/**
 * The refusal to delete what is still used, keyed, and its users listed among the details (keyed
 * too: the page reads them in its language, programs in English).
 */
export function inUseProblem(
  name: string,
  archives: string[],
  others: { kind: "profileSets" | "processingProfiles"; names: string[] },
) {
  const values = {
    name,
    archives: quoted(archives),
    archiveCount: archives.length,
    others: quoted(others.names),
    otherCount: others.names.length,
  };
  return new Problem(
    "conflict",
    others.kind === "profileSets"
      ? keyed("settings.processing.inUse.profileSets", values)
      : keyed("settings.processing.inUse.processingProfiles", values),
    {
      messages: [
        ...(archives.length > 0
          ? [keyed("settings.processing.inUse.byArchives", { names: values.archives })]
          : []),
        ...(others.names.length > 0
          ? [
              others.kind === "profileSets"
                ? keyed("settings.processing.inUse.byProfileSets", { names: values.others })
                : keyed("settings.processing.inUse.byProcessingProfiles", { names: values.others }),
            ]
          : []),
      ],
    },
  );
}

/** Who uses an entry: archives, and for a profile the sets holding it. */
async function entryUsers(list: ListName, id: string) {
  const key = id.toLowerCase();
  const archives = (await listArchives())
    .filter((a) => ARCHIVE_USES[list](a).toLowerCase() === key)
    .map((a) => a.name);
  const sets =
    list === "processingProfiles"
      ? (await readList("processingProfileSets"))
          .filter((s) => s.Profiles.includes(key))
          .map((s) => s.Name)
      : [];
  return { archives, sets };
}

export async function deleteEntry(viewer: Viewer | null, list: ListName, id: string) {
  await requireArchiveAdministration(viewer);
  const current = await readEntry(list, id);
  if (!current) throw notFound(list);
  const { archives, sets } = await entryUsers(list, current.Id);
  if (archives.length + sets.length > 0)
    throw inUseProblem(current.Name, archives, { kind: "profileSets", names: sets });
  await db().deleteFrom(LISTS[list].table).where("id", "=", current.Id).execute();
  return current;
}
